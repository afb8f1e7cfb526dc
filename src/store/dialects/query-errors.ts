// Tells what a failed query means by the codes each driver gives: the only place, with
// unavailable-errors.ts, that knows PostgreSQL's SQLSTATEs and SQLite's messages.
import { codeOf } from './unavailable-errors.js';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : '');

/** undefined_table. */
export const isPostgresMissingTable = (error: unknown): boolean => codeOf(error) === '42P01';

/** SQLite reports a missing table in the message only (code SQLITE_ERROR). */
export const isSqliteMissingTable = (error: unknown): boolean => messageOf(error).includes('no such table');

/** lock_not_available: the transaction's lock_timeout ran out. */
export const isPostgresLockWaitTimeout = (error: unknown): boolean => codeOf(error) === '55P03';

/** unique_violation of the named index (PostgreSQL names it as the constraint). */
export const isPostgresUniqueViolation = (error: unknown, index: string): boolean =>
  codeOf(error) === '23505' && (error as { constraint?: string }).constraint === index;

/**
 * SQLite names the columns, not the index, of a breached unique index: any unique breach of the statement
 * counts, so ask only about a statement that can breach one unique index.
 */
export const isSqliteUniqueViolation = (error: unknown): boolean =>
  codeOf(error) === 'SQLITE_CONSTRAINT_UNIQUE';
