// Pages of the application listing: its filters and sort, the signed cursor that continues it, and the
// keyset read of one page, as the pet listing pages (pet-pages.ts).
import { createHash } from 'node:crypto';
import type { ApplicationStatus } from '../domain/application.js';
import type { Application } from '../domain/application-schema.js';
import type { CursorCodec } from '../domain/cursor.js';
import { defaultPageSize } from '../domain/page.js';
import { queryWords } from '../domain/search-words.js';
import { ApiError } from '../errors/api-error.js';
import { notesOf } from '../store/repositories/application-notes-repository.js';
import { listApplications } from '../store/repositories/applications-repository.js';
import type { Store } from '../store/store.js';
import { toApplication } from './application-record.js';

export type ApplicationSort = 'createdAt' | '-createdAt';

export interface ListApplicationsInput {
  status?: ApplicationStatus;
  petId?: number;
  q?: string;
  /** Newest first unless told; the same defaults as the listing's query, for callers other than the API. */
  sort?: ApplicationSort;
  limit?: number;
  cursor?: string;
}

export interface ApplicationPage {
  applications: Application[];
  nextCursor: string | undefined;
  /** On the last page of the ascending listing: where a client tailing it resumes later. */
  resumeCursor: string | undefined;
  limit: number;
}

/** What a cursor is bound to: every filter and the sort, digested. */
const identityOf = ({ status, petId, q, sort }: ListApplicationsInput): string =>
  `#${createHash('sha256')
    .update(JSON.stringify([status ?? '', petId ?? '', q ?? '', sort]))
    .digest('base64url')
    .slice(0, 22)}`;

export async function readApplicationPage(
  store: Store,
  cursors: CursorCodec,
  input: ListApplicationsInput,
): Promise<ApplicationPage> {
  const { status, petId, q, sort = '-createdAt', limit = defaultPageSize, cursor } = input;
  const identity = identityOf({ ...input, sort });
  let after: { createdAt: number; seq: number } | undefined;
  if (cursor !== undefined) {
    const decoded = cursors.decode(cursor, identity);
    if (!decoded.ok) throw new ApiError('invalid_cursor', decoded.reason);
    const { afterId, key } = decoded.position;
    if (typeof key !== 'number') throw new ApiError('invalid_cursor', 'it holds no valid position');
    after = { createdAt: key, seq: afterId };
  }
  const { words, prefix } = q === undefined ? { words: [], prefix: undefined } : queryWords(q);
  // A query with no word in it matches no application, as in word search.
  const rows =
    q !== undefined && prefix === undefined
      ? []
      : await listApplications(store.db, {
          status,
          petId,
          words,
          prefix,
          descending: sort === '-createdAt',
          after,
          limit: limit + 1,
        });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const position = last
    ? { createdAt: Number(last.created_at), seq: Number(last.seq) }
    : (after ?? { createdAt: 0, seq: 0 });
  const encoded = cursors.encode({ afterId: position.seq, key: position.createdAt, filter: identity });
  const more = rows.length > limit;
  const notes = await notesOf(
    store.db,
    shown.map((row) => row.id),
  );
  return {
    applications: shown.map((row) => toApplication(row, notes.get(row.id) ?? [])),
    nextCursor: more ? encoded : undefined,
    resumeCursor: !more && sort === 'createdAt' ? encoded : undefined,
    limit,
  };
}
