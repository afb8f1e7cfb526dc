// Staff passwords under argon2id, at the first of the OWASP Password Storage Cheat Sheet's settings (19 MiB,
// 2 passes, 1 lane): memory-hard, so that a stolen database is slow to guess on any hardware, yet about
// 70 ms of one core here. At most two hashes run at once, so that a flood of sign-ins takes neither all
// the cores nor more than 38 MiB; the others wait their turn.
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { normalizedPassword } from '../domain/password-rules.js';

const options = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const concurrentHashes = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its turn straight to the next in line, so that a newcomer cannot slip in between.
  if (running < concurrentHashes) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export const hashPassword = (password: string): Promise<string> =>
  inTurn(() => hash(normalizedPassword(password), options));

/**
 * Whether `password` is the one `stored` was made from. With no stored hash (an unknown email, an account
 * with no password yet) a hash is still computed, so that the answer takes as long either way.
 */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  const given = normalizedPassword(password);
  if (stored === null) {
    await inTurn(() => hash(given, options));
    return false;
  }
  return inTurn(() => verify(stored, given));
}
