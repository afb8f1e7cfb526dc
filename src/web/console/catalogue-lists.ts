// The species and each species' breeds, as the catalogue lists them through the request's view of the
// versions: what the animal forms offer and the catalogue page shows.
import type { Breed, Category } from '../../domain/category.js';
import type { CatalogService } from '../../services/catalog-service.js';
import type { VersionView } from '../../speed/index.js';

/** The species, in the catalogue's order, and each one's breeds by its id. */
export interface CatalogueLists {
  categories: Category[];
  breeds: Map<number, Breed[]>;
}

export async function catalogueListsOf(catalog: CatalogService, view: VersionView): Promise<CatalogueLists> {
  const categories = await catalog.listCategories(view);
  const lists = await Promise.all(categories.map((category) => catalog.listBreeds(category.id, view)));
  return { categories, breeds: new Map(categories.map((category, i) => [category.id, lists[i]!])) };
}
