// The catalogue's forms in the console and their check. Each field is named after its form
// (`category.name`, `categories.3.name`, `categories.3.breed`), so that the page's many forms each have ids of
// their own, and a name is checked by the schema of the API's operation it goes to, trimmed as the API
// trims the fields that schema marks `x-trimmed`.
import type { TObject } from '@sinclair/typebox';
import {
  CategoryChangesSchema,
  NewBreedSchema,
  NewCategorySchema,
  type Category,
} from '../../domain/category.js';
import { createValidatorCompiler } from '../../http/validation.js';
import type { Messages } from '../messages/en.js';
import type { FormField } from '../public/application-fields.js';
import { messageOf, type FieldError } from '../public/application-errors.js';

/** The operations the catalogue's forms go to, by their operationId. */
export type CatalogueOperation = 'createCategory' | 'renameCategory' | 'createBreed';

const schemas: Record<CatalogueOperation, TObject> = {
  createCategory: NewCategorySchema,
  renameCategory: CategoryChangesSchema,
  createBreed: NewBreedSchema,
};
const compile = createValidatorCompiler([]);
const validators = Object.fromEntries(
  Object.entries(schemas).map(([operation, schema]) => [
    operation,
    compile({ schema, httpPart: 'body', method: 'POST', url: `/console/catalogue/${operation}` }),
  ]),
) as Record<CatalogueOperation, ReturnType<typeof compile>>;

/** The field of each form: the new category's name, a category's new name, a new breed of a category. */
const nameField = (name: string, label: string): FormField => ({ name, kind: 'text', label, required: true });
export const catalogueFields = (messages: Messages) => {
  const m = messages.console.catalogue;
  return {
    createCategory: () => nameField('category.name', m.categoryName),
    renameCategory: ({ id, name }: Category) => nameField(`categories.${id}.name`, m.newName(name)),
    createBreed: ({ id, name }: Category) => nameField(`categories.${id}.breed`, m.breedName(name)),
  };
};

/** The name as the operation takes it: trimmed where its schema says so. */
export function nameOf(operation: CatalogueOperation, typed: string): string {
  const marked = (schemas[operation].properties.name as { 'x-trimmed'?: boolean })['x-trimmed'];
  return marked ? typed.trim() : typed;
}

/** The error of a name by the operation's schema, beside its field; none when the schema takes it. */
export function nameErrors(
  operation: CatalogueOperation,
  field: FormField,
  name: string,
  messages: Messages,
): FieldError[] {
  const validate = validators[operation];
  if (validate({ name })) return [];
  const error = validate.errors![0]!;
  const words = messages.apply.errors;
  return [
    {
      field,
      message: error.keyword === 'minLength' ? words.enter(field.label) : messageOf(error, field, words),
    },
  ];
}
