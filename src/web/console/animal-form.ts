// The fields of an animal's form in the console, and the reading of a submitted form into the merge patch
// `PATCH /v1/pets/{petId}` takes, checked by the same schema (PetPatchSchema). Each field is labelled with
// its English name; a value left empty is "not known" (null), as the API has it.
import type { Category } from '../../domain/category.js';
import { PetPatchSchema, PetStatusSchema, petStatuses, type Pet, type PetPatch } from '../../domain/pet.js';
import { petAges, petCoats, petSexes, petSizes } from '../../domain/pet-profile-values.js';
import { createValidatorCompiler } from '../../http/validation.js';
import type { Messages } from '../messages/en.js';
import type { FormField } from '../public/application-fields.js';
import { messageOf, type FieldError } from '../public/application-errors.js';

/** The form's values as typed, by field name. */
export type AnimalValues = Record<string, string>;

const validate = createValidatorCompiler([PetStatusSchema])({
  schema: PetPatchSchema,
  httpPart: 'body',
  method: 'PATCH',
  url: '/console/animals/:id',
});

const publishedField = 'published';

export function animalFields(messages: Messages, categories: readonly Category[]): FormField[] {
  const f = messages.console.animal.fields;
  const choose = <T extends string>(values: readonly T[], words: Record<T, string>) => [
    { value: '', label: messages.notKnown },
    ...values.map((value) => ({ value, label: words[value] })),
  ];
  return [
    { name: 'name', kind: 'text', label: f.name, required: true },
    {
      name: 'categoryId',
      kind: 'select',
      label: f.species,
      required: true,
      options: categories.map((c) => ({ value: String(c.id), label: c.name })),
    },
    { name: 'breed', kind: 'text', label: f.breed, hint: f.breedHint, required: false },
    { name: 'sex', kind: 'select', label: f.sex, required: false, options: choose(petSexes, messages.sexes) },
    { name: 'age', kind: 'select', label: f.age, required: false, options: choose(petAges, messages.ages) },
    {
      name: 'size',
      kind: 'select',
      label: f.size,
      required: false,
      options: choose(petSizes, messages.sizes),
    },
    { name: 'color', kind: 'text', label: f.color, required: false },
    {
      name: 'coat',
      kind: 'select',
      label: f.coat,
      required: false,
      options: choose(petCoats, messages.coats),
    },
    { name: 'description', kind: 'textarea', label: f.description, required: false },
    { name: 'tags', kind: 'text', label: f.tags, hint: f.tagsHint, required: false },
    {
      name: 'status',
      kind: 'select',
      label: f.status,
      required: true,
      options: petStatuses.map((status) => ({ value: status, label: messages.console.statuses[status] })),
    },
    { name: publishedField, kind: 'check', label: f.published, required: false },
  ];
}

/** The form's values for a pet as it is stored. */
export function valuesOf(pet: Pet): AnimalValues {
  return {
    name: pet.name,
    categoryId: String(pet.categoryId),
    breed: pet.breed ?? '',
    sex: pet.sex ?? '',
    age: pet.age ?? '',
    size: pet.size ?? '',
    color: pet.color ?? '',
    coat: pet.coat ?? '',
    description: pet.description ?? '',
    tags: (pet.tags ?? []).join(', '),
    status: pet.status,
    [publishedField]: pet.published ? 'yes' : '',
  };
}

const orNull = (text: string | undefined) => {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** The merge patch of a submitted form: every field it shows, set to what was typed. */
export function patchOf(values: AnimalValues): Record<string, unknown> {
  const tags = (values.tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const category = values.categoryId ?? '';
  return {
    name: (values.name ?? '').trim(),
    // A number only when it is written as one; otherwise the text, which the schema then refuses by name.
    categoryId: /^[1-9][0-9]{0,15}$/.test(category) ? Number(category) : category,
    breed: orNull(values.breed),
    sex: orNull(values.sex),
    age: orNull(values.age),
    size: orNull(values.size),
    color: orNull(values.color),
    coat: orNull(values.coat),
    // Browsers send a text area's line breaks as CRLF; the API keeps newlines and refuses other controls.
    description: orNull((values.description ?? '').replace(/\r\n?/g, '\n')),
    tags: tags.length > 0 ? tags : null,
    status: values.status ?? '',
    published: values[publishedField] === 'yes',
  };
}

/** The errors of the patch by the API's schema, one per field in the form's order; none when it is valid. */
export function animalErrors(
  fields: readonly FormField[],
  patch: Record<string, unknown>,
  messages: Messages,
): FieldError[] {
  if (validate(patch)) return [];
  const byField = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    const name = error.instancePath.split('/')[1];
    const field = fields.find((f) => f.name === name);
    if (field && !byField.has(field.name)) {
      const tooShort = error.keyword === 'minLength' && field.required;
      byField.set(
        field.name,
        tooShort ? messages.apply.errors.enter(field.label) : messageOf(error, field, messages.apply.errors),
      );
    }
  }
  return fields
    .filter((f) => byField.has(f.name))
    .map((field) => ({ field, message: byField.get(field.name)! }));
}

export type { PetPatch };
