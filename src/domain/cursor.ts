// Opaque listing cursors: the last id seen and the filter it belongs to, signed so that an altered or
// foreign cursor is refused rather than silently listing something else.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { petStatuses, type PetStatus } from './pet.js';

export interface CursorPosition {
  afterId: number;
  status: PetStatus | undefined;
}

export type DecodedCursor = { ok: true; position: CursorPosition } | { ok: false; reason: string };

const tagBytes = 12;

export class CursorCodec {
  constructor(private readonly secret: string) {}

  encode(position: CursorPosition): string {
    const payload = Buffer.from(`${position.afterId}.${position.status ?? ''}`).toString('base64url');
    return `${payload}.${this.tag(payload).toString('base64url')}`;
  }

  decode(cursor: string, status: PetStatus | undefined): DecodedCursor {
    const [payload, tag, extra] = cursor.split('.');
    if (!payload || !tag || extra !== undefined) return { ok: false, reason: 'it is not in the issued form' };
    const presented = Buffer.from(tag, 'base64url');
    if (presented.length !== tagBytes || !timingSafeEqual(presented, this.tag(payload))) {
      return { ok: false, reason: 'it was not issued by this service or was altered' };
    }
    const [id, cursorStatus = ''] = Buffer.from(payload, 'base64url').toString().split('.');
    const afterId = Number(id);
    if (!Number.isSafeInteger(afterId) || afterId < 0)
      return { ok: false, reason: 'it holds no valid position' };
    const boundStatus = petStatuses.find((s) => s === cursorStatus);
    if (boundStatus !== status) {
      return {
        ok: false,
        reason: `it continues a listing with status=${cursorStatus || '(none)'}, not this one`,
      };
    }
    return { ok: true, position: { afterId, status } };
  }

  private tag(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest().subarray(0, tagBytes);
  }
}
