// Which driver errors count as "the database is unavailable" (503, retry) rather than a fault (500).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPostgresUnavailable, isSqliteUnavailable } from '../../src/store/dialects/unavailable-errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

const postgresCases: Array<[string, unknown, boolean]> = [
  ['connection refused', withCode('ECONNREFUSED'), true],
  ['connection reset', withCode('ECONNRESET'), true],
  ['refused on every address', new AggregateError([withCode('ECONNREFUSED')]), true],
  ['server shutting down (57P01)', withCode('57P01'), true],
  ['server starting up (57P03)', withCode('57P03'), true],
  ['statement timeout (57014)', withCode('57014'), true],
  ['too many connections (53300)', withCode('53300'), true],
  ['connection exception class 08', withCode('08006'), true],
  ['pool wait timeout', new Error('timeout exceeded when trying to connect'), true],
  ['client-side query timeout', new Error('Query read timeout'), true],
  ['connection lost mid-query', new Error('Connection terminated unexpectedly'), true],
  ['unique violation (23505)', withCode('23505'), false],
  ['syntax error (42601)', withCode('42601'), false],
  ['undefined table (42P01)', withCode('42P01'), false],
  ['a plain bug', new TypeError('cannot read properties of undefined'), false],
  ['not an error', 'ECONNREFUSED', false],
];
for (const [what, error, expected] of postgresCases) {
  test(`PostgreSQL: ${what} → ${expected ? 'unavailable' : 'fault'}`, () => {
    assert.equal(isPostgresUnavailable(error), expected);
  });
}

const sqliteCases: Array<[string, boolean]> = [
  ['SQLITE_BUSY', true],
  ['SQLITE_BUSY_SNAPSHOT', true],
  ['SQLITE_FULL', true],
  ['SQLITE_IOERR_WRITE', true],
  ['SQLITE_CANTOPEN', true],
  ['SQLITE_CONSTRAINT_UNIQUE', false],
  ['SQLITE_ERROR', false],
];
for (const [code, expected] of sqliteCases) {
  test(`SQLite: ${code} → ${expected ? 'unavailable' : 'fault'}`, () => {
    assert.equal(isSqliteUnavailable(withCode(code)), expected);
  });
}
