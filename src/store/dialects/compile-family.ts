// Which compiled statements a Kysely handle can run as they are, for repositories/compiled-rows.ts. Kysely
// keeps the answer in its executor, which its types mark internal: it is read here alone, so that a change
// of Kysely's breaks the type check of this one file.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * The object a handle and its transactions share (the dialect's adapter), under which one compilation serves
 * every later run; undefined when the handle has a plugin, which transforms a statement as it is built, not
 * as it runs.
 */
export function compileFamilyOf(db: Pick<Kysely<Database>, 'getExecutor'>): object | undefined {
  const executor = db.getExecutor();
  return executor.plugins.length > 0 ? undefined : executor.adapter;
}
