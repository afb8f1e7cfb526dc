// The fields of an animal's form in the console, and the reading of a submitted form into the merge patch
// `PATCH /v1/pets/{petId}` takes, checked by the same schema (PetPatchSchema). Each field is labelled with
// its English name; a value left empty is "not known" (null), as the API has it.
import type { Category } from '../../domain/category.js';
import {
  NewPetSchema,
  PetPatchSchema,
  PetStatusSchema,
  petStatuses,
  type Pet,
  type PetPatch,
} from '../../domain/pet.js';
import {
  petAges,
  petAttributeNames,
  petCoats,
  petGoodWithNames,
  petSexes,
  petSizes,
} from '../../domain/pet-profile-values.js';
import { createValidatorCompiler } from '../../http/validation.js';
import type { Messages } from '../messages/en.js';
import type { FormField } from '../public/application-fields.js';
import { messageOf, type FieldError } from '../public/application-errors.js';

/** The form's values as typed, by field name. */
export type AnimalValues = Record<string, string>;

const compile = createValidatorCompiler([PetStatusSchema]);
/** The API's own checks: an edit as `PATCH /v1/pets/{petId}` takes it, an intake as `POST /v1/pets`. */
const validators = {
  edit: compile({ schema: PetPatchSchema, httpPart: 'body', method: 'PATCH', url: '/console/animals/:id' }),
  intake: compile({ schema: NewPetSchema, httpPart: 'body', method: 'POST', url: '/console/animals/new' }),
};
export type AnimalFormKind = keyof typeof validators;

const publishedField = 'published';

export function animalFields(messages: Messages, categories: readonly Category[]): FormField[] {
  const f = messages.console.animal.fields;
  const choose = <T extends string>(values: readonly T[], words: Record<T, string>) => [
    { value: '', label: messages.notKnown },
    ...values.map((value) => ({ value, label: words[value] })),
  ];
  const yesNo = choose(['yes', 'no'], messages.known);
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
    { name: 'mixedBreed', kind: 'select', label: f.mixedBreed, required: false, options: yesNo },
    { name: 'sex', kind: 'select', label: f.sex, required: false, options: choose(petSexes, messages.sexes) },
    { name: 'age', kind: 'select', label: f.age, required: false, options: choose(petAges, messages.ages) },
    {
      name: 'birthDate',
      kind: 'text',
      label: f.birthDate,
      hint: f.birthDateHint,
      invalid: f.birthDateInvalid,
      required: false,
      short: true,
    },
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
    ...petGoodWithNames.map((name): FormField => ({
      name: `goodWith.${name}`,
      kind: 'select',
      label: f.goodWith[name],
      required: false,
      options: yesNo,
    })),
    ...petAttributeNames.map((name): FormField => ({
      name: `attributes.${name}`,
      kind: 'select',
      label: messages.attributeNames[name],
      required: false,
      options: yesNo,
    })),
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
    mixedBreed: flagText(pet.mixedBreed),
    sex: pet.sex ?? '',
    age: pet.age ?? '',
    birthDate: pet.birthDate ?? '',
    size: pet.size ?? '',
    color: pet.color ?? '',
    coat: pet.coat ?? '',
    description: pet.description ?? '',
    ...Object.fromEntries(petGoodWithNames.map((name) => [`goodWith.${name}`, flagText(pet.goodWith[name])])),
    ...Object.fromEntries(
      petAttributeNames.map((name) => [`attributes.${name}`, flagText(pet.attributes[name])]),
    ),
    tags: (pet.tags ?? []).join(', '),
    status: pet.status,
    [publishedField]: pet.published ? 'yes' : '',
  };
}

const flagText = (flag: boolean | null | undefined) => (flag === true ? 'yes' : flag === false ? 'no' : '');

/** A yes/no/not known answer as the API has it; any other text is kept, for the schema to refuse by name. */
const flagOf = (text: string | undefined) =>
  text === 'yes' ? true : text === 'no' ? false : text === '' || text === undefined ? null : text;

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
    mixedBreed: flagOf(values.mixedBreed),
    sex: orNull(values.sex),
    age: orNull(values.age),
    birthDate: orNull(values.birthDate),
    size: orNull(values.size),
    color: orNull(values.color),
    coat: orNull(values.coat),
    // Browsers send a text area's line breaks as CRLF; the API keeps newlines and refuses other controls.
    description: orNull((values.description ?? '').replace(/\r\n?/g, '\n')),
    goodWith: Object.fromEntries(petGoodWithNames.map((name) => [name, flagOf(values[`goodWith.${name}`])])),
    attributes: Object.fromEntries(
      petAttributeNames.map((name) => [name, flagOf(values[`attributes.${name}`])]),
    ),
    tags: tags.length > 0 ? tags : null,
    // Left out of the form while an order is open: the order alone moves it then.
    ...(values.status === undefined ? {} : { status: values.status }),
    published: values[publishedField] === 'yes',
  };
}

/** The field a schema error's path names: `/goodWith/cats` is `goodWith.cats`, `/tags/3` is `tags`. */
function fieldAt(fields: readonly FormField[], instancePath: string): FormField | undefined {
  const steps = instancePath.split('/').slice(1);
  for (let length = steps.length; length > 0; length--) {
    const field = fields.find((f) => f.name === steps.slice(0, length).join('.'));
    if (field) return field;
  }
  return undefined;
}

/**
 * The errors of the patch by the API's schema for the form's kind, one per field in the form's order; none
 * when it is valid.
 */
export function animalErrors(
  kind: AnimalFormKind,
  fields: readonly FormField[],
  patch: Record<string, unknown>,
  messages: Messages,
): FieldError[] {
  const validate = validators[kind];
  if (validate(patch)) return [];
  const byField = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    const field = fieldAt(fields, error.instancePath);
    if (field && !byField.has(field.name)) {
      const tooShort = error.keyword === 'minLength' && field.required;
      // A field that says its form (a date) says it whatever the check that failed: its length, its format.
      byField.set(
        field.name,
        tooShort
          ? messages.apply.errors.enter(field.label)
          : (field.invalid ?? messageOf(error, field, messages.apply.errors)),
      );
    }
  }
  return fields
    .filter((f) => byField.has(f.name))
    .map((field) => ({ field, message: byField.get(field.name)! }));
}

export type { PetPatch };
