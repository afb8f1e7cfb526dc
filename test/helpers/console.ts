// A browser of the console, through app.inject: it keeps the session cookie, sends the site's Origin with
// every POST, and reads each page's CSRF token, as a browser on the console's pages would.
import type { LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '../../src/domain/staff-roles.js';
import type { AppInstance, TestApp } from './test-app.js';

export const sessionCookieName = '__Host-petstore-session';
export const strongPassword = 'tabby cats nap in warm sunbeams';

/** The session id a response sets, if any; '' when it clears the cookie. */
export function cookieSet(res: LightMyRequestResponse): string | undefined {
  const headers = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = headers.find((header) => header.startsWith(`${sessionCookieName}=`));
  return line === undefined ? undefined : /^[^=]+=([^;]*)/.exec(line)![1];
}

export const csrfOf = (html: string): string | undefined => /name="csrf" value="([^"]+)"/.exec(html)?.[1];

export interface ConsoleBrowser {
  sessionId: string | undefined;
  address: string;
  get(url: string): Promise<LightMyRequestResponse>;
  /** Posts a form with the session's CSRF token (read from `/console/account` when not given). */
  post(
    url: string,
    values: Record<string, string>,
    options?: { origin?: string | null; csrf?: string | null },
  ): Promise<LightMyRequestResponse>;
  /** Posts a form with files, as multipart/form-data, as a browser sends a form with a file input. */
  postFiles(
    url: string,
    values: Record<string, string>,
    files: PickedFile[],
    options?: { csrf?: string | null },
  ): Promise<LightMyRequestResponse>;
}

export interface PickedFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** The body and Content-Type a browser sends for these values and files, encoded by the platform's FormData. */
async function multipartOf(values: Record<string, string>, files: PickedFile[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    type: encoded.headers.get('content-type')!,
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

let addresses = 0;

/**
 * A browser at an address of its own (sign-in failures are counted per address too), unless `address` is
 * given, as two browsers behind one network's router would share it.
 */
export function consoleBrowser(
  instance: Pick<AppInstance, 'request'>,
  {
    sessionId,
    address = `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`,
  }: { sessionId?: string | undefined; address?: string } = {},
): ConsoleBrowser {
  const origin = 'http://localhost:80';
  const browser: ConsoleBrowser = {
    sessionId,
    address,
    async get(url) {
      const res = await instance.request({
        method: 'GET',
        url,
        remoteAddress: address,
        headers: browser.sessionId ? { cookie: `${sessionCookieName}=${browser.sessionId}` } : {},
      });
      const set = cookieSet(res);
      if (set !== undefined) browser.sessionId = set || undefined;
      return res;
    },
    async post(url, values, { origin: from = origin, csrf } = {}) {
      const token =
        csrf === null
          ? undefined
          : (csrf ?? (browser.sessionId ? csrfOf((await browser.get('/console/account')).body) : undefined));
      const res = await instance.request({
        method: 'POST',
        url,
        remoteAddress: address,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(from === null ? {} : { origin: from }),
          ...(browser.sessionId ? { cookie: `${sessionCookieName}=${browser.sessionId}` } : {}),
        },
        payload: new URLSearchParams({ ...(token ? { csrf: token } : {}), ...values }).toString(),
      });
      const set = cookieSet(res);
      if (set !== undefined) browser.sessionId = set || undefined;
      return res;
    },
    async postFiles(url, values, files, { csrf } = {}) {
      const token =
        csrf === null ? undefined : (csrf ?? csrfOf((await browser.get('/console/account')).body));
      const { type, body } = await multipartOf({ ...(token ? { csrf: token } : {}), ...values }, files);
      const res = await instance.request({
        method: 'POST',
        url,
        remoteAddress: address,
        headers: {
          'content-type': type,
          origin,
          ...(browser.sessionId ? { cookie: `${sessionCookieName}=${browser.sessionId}` } : {}),
        },
        payload: body,
      });
      const set = cookieSet(res);
      if (set !== undefined) browser.sessionId = set || undefined;
      return res;
    },
  };
  return browser;
}

/** A new account of `role` whose one-time link has set `strongPassword`, and a browser signed in as it. */
export async function signedInAs(
  t: TestApp,
  role: StaffRole,
  email = `${role}.${process.pid}.${Math.random().toString(36).slice(2)}@example.org`,
): Promise<{ browser: ConsoleBrowser; email: string; id: number }> {
  const { token, account } = await t.app.services.staff.accounts.create({ email, name: `A ${role}`, role });
  const browser = consoleBrowser(t);
  const res = await browser.post('/console/welcome', { token, password: strongPassword });
  if (res.statusCode !== 303)
    throw new Error(`welcome answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return { browser, email, id: account.id };
}
