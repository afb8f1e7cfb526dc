// The shape of an API key: a deployment prefix, 178 bits of randomness and a CRC32 checksum, all base62.
// The checksum lets a mistyped key be rejected without a database lookup; the prefix lets secret
// scanners recognise a leaked key and tells which deployment it belongs to.
import { hash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

export type Deployment = 'production' | 'staging';

export const keyPrefixes: Record<Deployment, string> = { production: 'pet_live_', staging: 'pet_test_' };

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomLength = 30; // 30 × log2(62) ≈ 178 bits
const checksumLength = 6; // 62^6 > 2^32, so the whole CRC32 fits
const keyPattern = /^pet_(live|test)_([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/;

const randomBase62 = (length: number): string =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

const base62 = (value: number, width: number): string => {
  let out = '';
  for (let rest = value; out.length < width; rest = Math.floor(rest / 62)) out = alphabet[rest % 62] + out;
  return out;
};

const checksumOf = (body: string): string => base62(crc32(body), checksumLength);

/** A new secret key for the deployment. */
export function generateApiKey(deployment: Deployment): string {
  const body = keyPrefixes[deployment] + randomBase62(randomLength);
  return body + checksumOf(body);
}

/** A public identifier for a key record, safe to log and show. */
export const generateKeyId = (): string => `key_${randomBase62(16)}`;

/** `reason` says what is wrong with the key, after "The API key" (the message of invalid_api_key). */
export type ParsedKey = { ok: true; deployment: Deployment } | { ok: false; reason: string };

/** Checks a presented key's shape and checksum, and tells which deployment issued it. */
export function parseApiKey(key: string): ParsedKey {
  const match = keyPattern.exec(key);
  if (!match) return { ok: false, reason: 'is malformed' };
  if (checksumOf(key.slice(0, -checksumLength)) !== match[3]) {
    return { ok: false, reason: 'fails its checksum; check it was copied whole' };
  }
  return { ok: true, deployment: match[1] === 'live' ? 'production' : 'staging' };
}

/** The last characters of a key, shown to help people tell their keys apart; they are checksum, not secret. */
export const keyHint = (key: string): string => key.slice(-4);

/**
 * How a key is stored and looked up: its SHA-256, hex. High-entropy keys need no slow password hash. Every
 * request computes it: the one-shot `hash` takes a third of `createHash`'s time for so short an input.
 */
export const hashApiKey = (key: string): string => hash('sha256', key, 'hex');

const anyKey = /pet_(live|test)_[0-9A-Za-z]+/g;

/** Text safe to log or echo: anything shaped like a key (say, pasted into a URL) is masked. */
export const redactKeys = (text: string): string =>
  text.includes('pet_') ? text.replace(anyKey, 'pet_$1_[redacted]') : text;
