// Unguessable ids for resources clients name in URLs and on command lines (photos, applications): 127 random
// bits in URL-safe base64, 22 characters. The first is always a letter (the first byte's top bit is cleared),
// because an id that began with `-` would be read as an option by a command line, as
// `petstore applications review -x…` would be.
import { randomBytes } from 'node:crypto';

export function newRandomId(): string {
  const bytes = randomBytes(16);
  bytes[0]! &= 0x7f;
  return bytes.toString('base64url');
}
