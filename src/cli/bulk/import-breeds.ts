// `petstore breeds import`: adds a file's breeds to a category, one request each, skipping the names the
// category has already (compared as the service compares them) rather than failing on them.
import { PetstoreError, type PetstoreClient } from '@petstore/client';
import { caseKey } from '../../domain/case-key.js';
import type { BreedLine } from './breed-file.js';

/** A name the service refused, and why. */
export interface BreedRejection {
  line: number;
  name: string;
  code: string;
  message: string;
}

export interface BreedImportSummary {
  names: number;
  added: number;
  alreadyPresent: number;
  rejected: BreedRejection[];
}

/**
 * Adds each name the category lacks. A name refused (400) is reported and the import goes on; any other
 * failure (no such category, a missing scope, the service unreachable) stops it.
 */
export async function importBreeds(
  client: PetstoreClient,
  categoryId: number,
  lines: readonly BreedLine[],
): Promise<BreedImportSummary> {
  const present = new Set((await client.listBreeds(categoryId)).map(({ name }) => caseKey(name)));
  const summary: BreedImportSummary = { names: lines.length, added: 0, alreadyPresent: 0, rejected: [] };
  for (const { line, name } of lines) {
    const key = caseKey(name);
    if (present.has(key)) {
      summary.alreadyPresent++;
      continue;
    }
    try {
      await client.createBreed(categoryId, name);
      summary.added++;
    } catch (error) {
      if (!(error instanceof PetstoreError)) throw error;
      if (error.status === 400) {
        summary.rejected.push({ line, name, code: error.code, message: error.message });
        continue;
      }
      // Added meanwhile by someone else: present all the same.
      if (error.code !== 'breed_exists') throw error;
      summary.alreadyPresent++;
    }
    present.add(key);
  }
  return summary;
}
