// The catalogue under /v1: categories of animals and the breeds of each, read with pets:read and managed with
// catalog:write.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CategoryChangesSchema, NewBreedSchema, NewCategorySchema } from '../../domain/category.js';
import { commonErrors, errorResponse } from '../../http/schemas/error.js';
import { trimMarkedFields } from '../../http/trimmed-fields.js';
import {
  CategoryIdParams,
  createBreedResponse,
  createCategoryResponse,
  listBreedsResponse,
  listCategoriesResponse,
  renameCategoryResponse,
} from './schemas.js';

export interface CategoriesRoutesOptions {
  /** Base of absolute links, ending in /v1; '/v1' gives relative ones. */
  baseUrl: string;
}

const sameName =
  'Names are unique case-insensitively: one another category (or, for a breed, another breed of the same ' +
  'category) holds in any case is 409, naming it.';

/** The answers of an operation that takes a name in its body, beyond its success. */
const nameBodyErrors = {
  400: errorResponse(400, {}, ['validation_failed', 'malformed_json', 'bad_request']),
  413: errorResponse(413),
  415: errorResponse(415),
  ...commonErrors,
};
const notFound = errorResponse(404, {}, ['category_not_found']);

export const categoriesRoutes: FastifyPluginAsyncTypebox<CategoriesRoutesOptions> = async (
  app,
  { baseUrl },
) => {
  const { catalog } = app.services;

  app.get(
    '/categories',
    {
      schema: {
        operationId: 'listCategories',
        tags: ['catalog'],
        summary: 'List categories of animals',
        description:
          'Every category, in ascending `id` order; a pet’s `categoryId` may name one (docs/categories.md).',
        response: {
          200: listCategoriesResponse,
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          ...commonErrors,
        },
      },
    },
    async (request) => catalog.listCategories(request.dataVersion),
  );

  app.post(
    '/categories',
    {
      schema: {
        operationId: 'createCategory',
        tags: ['catalog'],
        summary: 'Add a category',
        description: sameName,
        body: Type.Ref(NewCategorySchema),
        response: {
          201: createCategoryResponse,
          409: errorResponse(409, {}, ['category_exists']),
          ...nameBodyErrors,
        },
      },
      preValidation: trimMarkedFields(NewCategorySchema),
    },
    async (request, reply) => {
      const category = await catalog.createCategory(request.body.name);
      return reply.code(201).header('location', `${baseUrl}/categories/${category.id}`).send(category);
    },
  );

  app.patch(
    '/categories/:categoryId',
    {
      schema: {
        operationId: 'renameCategory',
        tags: ['catalog'],
        summary: 'Rename a category',
        description: `The pets of the category keep its id. ${sameName}`,
        params: CategoryIdParams,
        body: Type.Ref(CategoryChangesSchema),
        response: {
          200: renameCategoryResponse,
          404: notFound,
          409: errorResponse(409, {}, ['category_exists']),
          ...nameBodyErrors,
        },
      },
      preValidation: trimMarkedFields(CategoryChangesSchema),
    },
    async (request) => catalog.renameCategory(request.params.categoryId, request.body.name),
  );

  app.get(
    '/categories/:categoryId/breeds',
    {
      schema: {
        operationId: 'listBreeds',
        tags: ['catalog'],
        summary: 'List the breeds of a category',
        description:
          'In name order. Where the list is not empty, a pet of the category must name one of its breeds ' +
          '(docs/categories.md).',
        params: CategoryIdParams,
        response: {
          200: listBreedsResponse,
          400: errorResponse(400, {}, ['validation_failed', 'bad_request']),
          404: notFound,
          ...commonErrors,
        },
      },
    },
    async (request) => catalog.listBreeds(request.params.categoryId, request.dataVersion),
  );

  app.post(
    '/categories/:categoryId/breeds',
    {
      schema: {
        operationId: 'createBreed',
        tags: ['catalog'],
        summary: 'Add a breed to a category',
        description: `From then on, a pet of the category must name one of its breeds. ${sameName}`,
        params: CategoryIdParams,
        body: Type.Ref(NewBreedSchema),
        response: {
          201: createBreedResponse,
          404: notFound,
          409: errorResponse(409, {}, ['breed_exists']),
          ...nameBodyErrors,
        },
      },
      preValidation: trimMarkedFields(NewBreedSchema),
    },
    async (request, reply) =>
      reply.code(201).send(await catalog.createBreed(request.params.categoryId, request.body.name)),
  );
};
