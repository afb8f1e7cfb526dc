// Each dialect's word index of pets, by name: for the migrations, which know the dialect's name alone.
import type { DialectName } from '../store.js';
import type { WordIndex } from '../word-index.js';
import { postgresWordIndex } from './postgres-word-index.js';
import { sqliteWordIndex } from './sqlite-word-index.js';

export const wordIndexes: Record<DialectName, WordIndex> = {
  sqlite: sqliteWordIndex,
  postgres: postgresWordIndex,
};
