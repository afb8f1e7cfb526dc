// Schemas of the catalogue's operations (a category's and a breed's own are in domain/category.ts): validation,
// serialization and OpenAPI at once.
import { Type } from '@sinclair/typebox';
import {
  BreedSchema,
  CategoryChangesSchema,
  CategorySchema,
  NewBreedSchema,
  NewCategorySchema,
} from '../../domain/category.js';
import { idSchema } from '../../domain/resource-id.js';
import { commonHeaders } from '../../http/schemas/error.js';

export const CategoriesSchema = Type.Array(Type.Ref(CategorySchema), {
  $id: 'Categories',
  description: 'A JSON array of Category',
});

export const BreedsSchema = Type.Array(Type.Ref(BreedSchema), {
  $id: 'Breeds',
  description: 'A JSON array of Breed',
});

export const CategoryIdParams = Type.Object({ categoryId: idSchema('Identifier of the category') });

export const listCategoriesResponse = Type.Ref(CategoriesSchema, {
  description: 'Every category, in ascending `id` order',
  headers: commonHeaders,
});

export const listBreedsResponse = Type.Ref(BreedsSchema, {
  description: 'Every breed of the category, in name order; empty when the category has no breed list',
  headers: commonHeaders,
});

export const createCategoryResponse = Type.Ref(CategorySchema, {
  description: 'The created category, with its assigned id',
  headers: {
    ...commonHeaders,
    Location: Type.String({ description: 'URL of the created category, which `PATCH` renames' }),
  },
});

export const createBreedResponse = Type.Ref(BreedSchema, {
  description: 'The created breed, with its assigned id',
  headers: commonHeaders,
});

export const renameCategoryResponse = Type.Ref(CategorySchema, {
  description: 'The category after the change',
  headers: commonHeaders,
});

export const sharedCatalogSchemas = [
  CategorySchema,
  BreedSchema,
  NewCategorySchema,
  CategoryChangesSchema,
  NewBreedSchema,
  CategoriesSchema,
  BreedsSchema,
];
