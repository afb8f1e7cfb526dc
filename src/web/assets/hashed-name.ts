import { createHash } from 'node:crypto';

/** An asset's name holding a digest of its text (`site.<digest>.css`), so that a new text is a new URL. */
export const hashedName = (base: string, extension: string, text: string): string =>
  `${base}.${createHash('sha256').update(text).digest('base64url').slice(0, 12)}.${extension}`;
