// Lint rules: typescript-eslint's recommended set over sources, tests and benchmarks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const driverErrorCodes = {
  selector: 'Literal[value=/^[0-9][0-9A-Z]{4}$|^SQLITE_|no such table/]',
  message: 'A database error code belongs in src/store/dialects/, asked through the Store.',
};

const dialectMessage =
  'Code outside src/store/ asks the Store, never which dialect it runs on (src/store/store.ts).';
const comparison = 'BinaryExpression[operator=/^[!=]==?$/]';
/** A comparison or a switch on `dialect` (store.dialect, a variable) or against a dialect's name. */
const dialectChecks = [
  `${comparison} > Identifier[name='dialect']`,
  `${comparison} > MemberExpression[property.name='dialect']`,
  `${comparison} > Literal[value=/^(sqlite|postgres)$/]`,
  "SwitchStatement > Identifier.discriminant[name='dialect']",
  "SwitchStatement > MemberExpression.discriminant[property.name='dialect']",
].map((selector) => ({ selector, message: dialectMessage }));

const writeMessage =
  'A write goes through src/services/writes.ts, which takes the group, the transaction, the append lock, ' +
  'the events and the announcement together.';
/** The parts of a write that only writes.ts puts together: a transaction, the append lock, a group, an announcement. */
const writeParts = [
  "CallExpression[callee.property.name='transaction']",
  "CallExpression[callee.property.name='serializeAppends']",
  "CallExpression[callee.property.name='groupCommit']",
  "CallExpression[callee.property.name='write'][callee.object.name='speed']",
  "CallExpression[callee.property.name='write'][callee.object.property.name='speed']",
].map((selector) => ({ selector, message: writeMessage }));

export default tseslint.config(
  { ignores: ['**/dist/', 'data/', 'node_modules/', 'bench/results/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Driver error codes (SQLSTATEs, SQLite's codes and messages) are known only to the dialects.
    files: ['src/**/*.ts'],
    ignores: ['src/store/dialects/**'],
    rules: { 'no-restricted-syntax': ['error', driverErrorCodes] },
  },
  {
    // What a dialect does differently is a Store method each dialect implements (src/store/store.ts); code
    // outside src/store/ never asks which dialect it runs on.
    files: ['src/**/*.ts'],
    ignores: ['src/store/**'],
    rules: { 'no-restricted-syntax': ['error', driverErrorCodes, ...dialectChecks] },
  },
  {
    // Outside the store (whose repositories take a transaction) and speed/ (which defines them), only
    // writes.ts opens a transaction, takes the append lock, groups or announces.
    files: ['src/**/*.ts'],
    ignores: ['src/store/**', 'src/speed/**', 'src/services/writes.ts'],
    rules: { 'no-restricted-syntax': ['error', driverErrorCodes, ...dialectChecks, ...writeParts] },
  },
);
