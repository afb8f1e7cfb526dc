// The catalogue's schemas: categories (Dog, Cat…) and the breeds of each, as the API takes and returns them
// (validation, serialization, the OpenAPI document and the TypeScript types at once). How their names compare
// is in case-key.ts.
import { Type, type Static } from '@sinclair/typebox';
import { catalogNameLimits } from './catalog-name.js';
import { noControlCharacters } from './control-characters.js';
import { idSchema } from './resource-id.js';

type Kind = 'category' | 'breed';

const unique: Record<Kind, string> = { category: 'among categories', breed: 'within its category' };
const example: Record<Kind, string> = { category: 'Dog', breed: 'Labrador Retriever' };

const nameOf = (kind: Kind) =>
  Type.String({
    ...catalogNameLimits,
    ...noControlCharacters,
    'x-trimmed': true,
    description:
      `The ${kind}’s name: 1 to 100 characters, no control characters; surrounding white space is removed. ` +
      `Unique ${unique[kind]}, compared case-insensitively`,
    examples: [example[kind]],
  });

const entrySchema = (kind: Kind, $id: string) =>
  Type.Object(
    { id: idSchema('Unique identifier, assigned by the service'), name: nameOf(kind) },
    { $id, additionalProperties: false, description: `A ${kind} as returned` },
  );

/** A body of one field, the name: to add a category or a breed, or to rename a category. */
const nameBody = (kind: Kind, $id: string, description: string) =>
  Type.Object(
    { name: nameOf(kind) },
    { $id, additionalProperties: false, description: `${description}; unknown fields are rejected` },
  );

export const CategorySchema = entrySchema('category', 'Category');
export const BreedSchema = entrySchema('breed', 'Breed');
export const NewCategorySchema = nameBody('category', 'NewCategory', 'A category to add');
export const CategoryChangesSchema = nameBody('category', 'CategoryChanges', 'The category’s new name');
export const NewBreedSchema = nameBody('breed', 'NewBreed', 'A breed to add to the category');

export type Category = Static<typeof CategorySchema>;
export type Breed = Static<typeof BreedSchema>;
