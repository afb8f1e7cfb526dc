// Lint rules: typescript-eslint's recommended set over sources, tests and benchmarks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^[0-9][0-9A-Z]{4}$|^SQLITE_|no such table/]',
          message: 'A database error code belongs in src/store/dialects/, asked through the Store.',
        },
      ],
    },
  },
);
