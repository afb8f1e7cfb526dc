// Use cases on the catalogue: list categories and a category's breeds, add either, rename a category. A name
// is taken whatever its case: the unique constraints on the names' keys decide, even between instances.
import { caseKey } from '../domain/case-key.js';
import { byCatalogName, type CatalogEntry } from '../domain/catalog-name.js';
import type { Breed, Category } from '../domain/category.js';
import { ApiError } from '../errors/api-error.js';
import {
  breedNameIndex,
  categoryNameIndex,
  findBreedByKey,
  findCategory,
  findCategoryByKey,
  insertBreed,
  insertCategory,
  listBreedRows,
  listCategoryRows,
  renameCategoryRow,
  type CatalogName,
} from '../store/repositories/catalog-repository.js';
import type { Store } from '../store/store.js';
import type { Speed, VersionView } from '../speed/index.js';
import type { Writes } from './writes.js';

export interface CatalogService {
  /** Every category, in id order. `version` is the request's view of the versions (Speed.view), if it has one. */
  listCategories(version?: VersionView): Promise<Category[]>;
  /** The category's breeds in name order; 404 `category_not_found` when there is no such category. */
  listBreeds(categoryId: number, version?: VersionView): Promise<Breed[]>;
  createCategory(name: string): Promise<Category>;
  renameCategory(id: number, name: string): Promise<Category>;
  createBreed(categoryId: number, name: string): Promise<Breed>;
}

/** Breed lists kept in memory (where a data version exists): one per category asked for. */
const cachedBreedLists = 100;

const toEntry = ({ id, name }: CatalogEntry): CatalogEntry => ({ id, name });
const keyed = (name: string): CatalogName => ({ name, name_key: caseKey(name) });

export function createCatalogService(store: Store, speed: Speed, writes: Writes): CatalogService {
  const categoryLists = speed.cache<Category[]>('data', 1);
  const breedLists = speed.cache<Breed[]>('data', cachedBreedLists);

  const categoryOrNotFound = async (id: number) => {
    const category = await findCategory(store.db, id);
    if (!category) throw new ApiError('category_not_found', id);
    return category;
  };

  /** The 409 for a name another category holds, when `error` is a breach of the constraint on names. */
  const categoryTaken = async (error: unknown, name: string) => {
    if (!store.isUniqueViolation(error, categoryNameIndex)) return error;
    const holder = await findCategoryByKey(store.db, caseKey(name));
    return holder ? new ApiError('category_exists', JSON.stringify(holder.name), holder.id) : error;
  };

  return {
    listCategories: (version) =>
      categoryLists.read('', async () => (await listCategoryRows(store.db)).map(toEntry), version),

    listBreeds: (categoryId, version) =>
      breedLists.read(
        String(categoryId),
        async () => {
          await categoryOrNotFound(categoryId);
          return (await listBreedRows(store.db, categoryId)).map(toEntry).sort(byCatalogName);
        },
        version,
      ),

    // A breach of a name's constraint rolls the write back; the name's holder is then read outside it.
    async createCategory(name) {
      try {
        return await writes.alone('data', async (trx) => toEntry(await insertCategory(trx, keyed(name))));
      } catch (error) {
        throw await categoryTaken(error, name);
      }
    },

    async renameCategory(id, name) {
      let renamed;
      try {
        renamed = await writes.alone('data', (trx) => renameCategoryRow(trx, id, keyed(name)));
      } catch (error) {
        throw await categoryTaken(error, name);
      }
      if (!renamed) throw new ApiError('category_not_found', id);
      return toEntry(renamed);
    },

    async createBreed(categoryId, name) {
      const category = await categoryOrNotFound(categoryId);
      try {
        return await writes.alone('data', async (trx) =>
          toEntry(await insertBreed(trx, categoryId, keyed(name))),
        );
      } catch (error) {
        if (!store.isUniqueViolation(error, breedNameIndex)) throw error;
        const holder = await findBreedByKey(store.db, categoryId, caseKey(name));
        if (!holder) throw error;
        const where = `${category.id} (${category.name})`;
        throw new ApiError('breed_exists', where, JSON.stringify(holder.name), holder.id);
      }
    },
  };
}
