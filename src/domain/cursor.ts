// Opaque listing cursors: the last id seen and the filter it belongs to, signed so that an altered or
// foreign cursor is refused rather than silently listing something else. One codec per listing: pets are
// filtered by `status`, events by `type`, orders by `status|petId`; a cursor of one listing is refused by another.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CursorPosition {
  afterId: number;
  /** The listing's filter value (a pet status, an event type), if any. */
  filter: string | undefined;
}

export type DecodedCursor = { ok: true; position: CursorPosition } | { ok: false; reason: string };

const tagBytes = 12;

export class CursorCodec {
  /**
   * `filterName` names the filter in messages; `listing` separates the signatures of listings (empty for
   * pets, whose cursors were issued before there was another listing).
   */
  constructor(
    private readonly secret: string,
    private readonly filterName = 'status',
    private readonly listing = '',
  ) {}

  encode(position: CursorPosition): string {
    const payload = Buffer.from(`${position.afterId}.${position.filter ?? ''}`).toString('base64url');
    return `${payload}.${this.tag(payload).toString('base64url')}`;
  }

  decode(cursor: string, filter: string | undefined): DecodedCursor {
    const [payload, tag, extra] = cursor.split('.');
    if (!payload || !tag || extra !== undefined) return { ok: false, reason: 'it is not in the issued form' };
    const presented = Buffer.from(tag, 'base64url');
    // The decoder skips characters outside the alphabet and bits past the last byte: only the issued
    // spelling of the tag is accepted, so that no two cursors decode to the same one.
    const issuedSpelling = presented.toString('base64url') === tag;
    if (!issuedSpelling || presented.length !== tagBytes || !timingSafeEqual(presented, this.tag(payload))) {
      return { ok: false, reason: 'it was not issued by this service or was altered' };
    }
    const text = Buffer.from(payload, 'base64url').toString();
    const dot = text.indexOf('.');
    const afterId = Number(dot < 0 ? text : text.slice(0, dot));
    const cursorFilter = dot < 0 ? '' : text.slice(dot + 1);
    if (!Number.isSafeInteger(afterId) || afterId < 0)
      return { ok: false, reason: 'it holds no valid position' };
    if (cursorFilter !== (filter ?? '')) {
      return {
        ok: false,
        reason: `it continues a listing with ${this.filterName}=${cursorFilter || '(none)'}, not this one`,
      };
    }
    return { ok: true, position: { afterId, filter } };
  }

  private tag(payload: string): Buffer {
    const signed = this.listing ? `${this.listing}|${payload}` : payload;
    return createHmac('sha256', this.secret).update(signed).digest().subarray(0, tagBytes);
  }
}
