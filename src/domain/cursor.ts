// Opaque listing cursors: the last id seen (and, in a listing sorted by something else, its sort key) and the
// filter it belongs to, signed so that an altered or foreign cursor is refused rather than silently listing
// something else. One codec per listing: pets are filtered by `status` (or by a digest of their filters and
// sort, which starts with `#`), events by `type`, orders by `status|petId`; a cursor of one listing is refused
// by another.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CursorPosition {
  afterId: number;
  /** The sort key of the last item seen, in a listing sorted by something other than id. */
  key?: number | string;
  /** The listing's filter value (a pet status, an event type), if any. */
  filter: string | undefined;
}

/** Marks a payload that holds a sort key: `k` and a JSON array, which no id (digits) begins with. */
const keyed = 'k';

export type DecodedCursor = { ok: true; position: CursorPosition } | { ok: false; reason: string };

const tagBytes = 12;

/** The issued form of every cursor: a base64url payload, a dot, and the base64url signature. */
export const cursorPattern = `^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{${Math.ceil((tagBytes * 4) / 3)}}$`;

/**
 * The length of the longest cursor a listing issues, given its largest id and sort key and the filter values
 * it may be bound to: its `cursor` parameter's bound. (A payload grows only with the position's length.)
 */
export function cursorLength(largest: {
  afterId: number;
  key?: number | string;
  filters: readonly string[];
}) {
  const filter = largest.filters.reduce((a, b) => (b.length > a.length ? b : a), '');
  return new CursorCodec('').encode({ afterId: largest.afterId, key: largest.key, filter }).length;
}

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
    const text =
      position.key === undefined
        ? `${position.afterId}.${position.filter ?? ''}`
        : keyed + JSON.stringify([position.afterId, position.key, position.filter ?? '']);
    const payload = Buffer.from(text).toString('base64url');
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
    const { afterId, key, cursorFilter } = positionOf(Buffer.from(payload, 'base64url').toString());
    if (!Number.isSafeInteger(afterId) || afterId < 0)
      return { ok: false, reason: 'it holds no valid position' };
    if (cursorFilter !== (filter ?? '')) {
      const digested = cursorFilter.startsWith('#') || filter?.startsWith('#');
      return {
        ok: false,
        reason: digested
          ? 'it continues a listing with other filters or another sort, not this one'
          : `it continues a listing with ${this.filterName}=${cursorFilter || '(none)'}, not this one`,
      };
    }
    return { ok: true, position: key === undefined ? { afterId, filter } : { afterId, key, filter } };
  }

  private tag(payload: string): Buffer {
    const signed = this.listing ? `${this.listing}|${payload}` : payload;
    return createHmac('sha256', this.secret).update(signed).digest().subarray(0, tagBytes);
  }
}

/** The parts of a signed payload: its id, its sort key if it holds one, and its filter. */
function positionOf(text: string): { afterId: number; key?: number | string; cursorFilter: string } {
  if (text.startsWith(keyed)) {
    const parts: unknown = JSON.parse(text.slice(keyed.length));
    const [afterId, key, cursorFilter] = Array.isArray(parts) ? parts : [];
    const validKey = typeof key === 'number' || typeof key === 'string';
    return validKey && typeof cursorFilter === 'string' && typeof afterId === 'number'
      ? { afterId, key, cursorFilter }
      : { afterId: -1, cursorFilter: '' };
  }
  const dot = text.indexOf('.');
  return {
    afterId: Number(dot < 0 ? text : text.slice(0, dot)),
    cursorFilter: dot < 0 ? '' : text.slice(dot + 1),
  };
}
