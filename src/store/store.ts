// What the rest of the service knows of a database: a Kysely handle, its dialect, a health probe and close.
// Driver types stay inside src/store/dialects/.
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema of the deployment; SQLite has none. */
  schema?: string;
  /** Where the data lives, for logs; never includes a password. */
  location: string;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
