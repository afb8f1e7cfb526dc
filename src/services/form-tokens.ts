// The signed token of the adoption pages' form: it carries the time the form was rendered, so that a
// submission sent faster than a person types, or from a form rendered long ago (a robot's copy), is told
// apart without a cookie or a puzzle. Signed with a key derived from the deployment's secret, so that
// every instance checks the tokens of the others.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readSetting } from '../store/repositories/settings-repository.js';
import type { Store } from '../store/store.js';

/** Faster than this from render to submission, no person filled the form in. */
export const fastestSubmissionMs = 3_000;
/** A form rendered longer ago than this is not taken; its sender gets it back with a new token. */
export const formTokenLifetimeMs = 24 * 3_600_000;

export type FormTokenVerdict = 'ok' | 'too-fast' | 'expired' | 'invalid';

export interface FormTokens {
  /** A token for a form rendered now. */
  issue(): string;
  check(token: string | undefined): FormTokenVerdict;
}

export async function createFormTokens(store: Store, clock: () => number = Date.now): Promise<FormTokens> {
  // Its own key, so that a form token is never a valid signature of anything else signed with the secret.
  const key = createHmac('sha256', await readSetting(store.db, 'cursor_secret'))
    .update('application-form-token')
    .digest();
  const signatureOf = (time: string) => createHmac('sha256', key).update(time).digest('base64url');
  return {
    issue() {
      const time = String(clock());
      return `${time}.${signatureOf(time)}`;
    },
    check(token) {
      const [time, signature, ...rest] = (token ?? '').split('.');
      if (!time || !signature || rest.length > 0 || !/^[0-9]{1,16}$/.test(time)) return 'invalid';
      const expected = Buffer.from(signatureOf(time));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      const age = clock() - Number(time);
      if (age < fastestSubmissionMs) return 'too-fast';
      return age > formTokenLifetimeMs ? 'expired' : 'ok';
    },
  };
}
