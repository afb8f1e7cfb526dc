// The fields of the adoption pages' application form, grouped as the form shows them, and the reading of a
// submitted form into the body `POST /v1/applications` takes (NewApplicationSchema), which then checks it.
// Field names are the body's paths, dotted (`applicant.name`, `otherPets.0.count`, `answers.why-adopt`), so
// that a schema error names its field.
import type { Question } from '../../domain/application-form.js';
import type { Messages } from '../messages/en.js';

export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'password'
  | 'number'
  | 'ages'
  | 'textarea'
  | 'yesno'
  | 'choice'
  | 'select'
  | 'check';

export interface FormField {
  name: string;
  kind: FieldKind;
  label: string;
  hint?: string | undefined;
  /** The error when a required field is left empty; a general one when none is given. */
  missing?: string | undefined;
  /** The error when the value has the wrong form (an email address, a country code). */
  invalid?: string | undefined;
  required: boolean;
  options?: Array<{ value: string; label: string }>;
  autocomplete?: string;
  /** A short box, for a number or a code. */
  short?: boolean;
  /** A question whose number may have decimals (the shelter's own `number` questions). */
  decimals?: boolean;
  /** The id of a datalist of suggestions for a text field. */
  list?: string;
}

export interface FormGroup {
  id: string;
  legend: string;
  hint?: string;
  fields: FormField[];
}

/** Rows of other pets the form offers: it works without JavaScript, so they are there from the start. */
export const otherPetRows = 3;

/** The form's values as typed, by field name. */
export type FormValues = Record<string, string>;

export function applicationGroups(messages: Messages, questions: readonly Question[]): FormGroup[] {
  const m = messages.apply;
  const field = (
    name: string,
    kind: FieldKind,
    extra: Partial<FormField> & { key?: string } = {},
  ): FormField => {
    const { key = name, ...rest } = extra;
    const words = m.fields[key]!;
    return { name, kind, required: false, ...words, ...rest };
  };
  const choices = (name: string) =>
    Object.entries(m.choices[name]!).map(([value, label]) => ({ value, label }));
  const address = (part: string, autocomplete: string, extra: Partial<FormField> = {}) =>
    field(`applicant.address.${part}`, 'text', { autocomplete, ...extra });
  return [
    {
      id: 'you',
      legend: m.groups.you,
      fields: [
        field('applicant.name', 'text', { required: true, autocomplete: 'name' }),
        field('applicant.email', 'email', { required: true, autocomplete: 'email' }),
        field('applicant.phone', 'tel', { autocomplete: 'tel' }),
      ],
    },
    {
      id: 'address',
      legend: m.groups.address,
      fields: [
        address('line1', 'address-line1'),
        address('line2', 'address-line2'),
        address('city', 'address-level2'),
        address('region', 'address-level1'),
        address('postalCode', 'postal-code', { short: true }),
        address('country', 'country', { short: true }),
      ],
    },
    {
      id: 'household',
      legend: m.groups.household,
      fields: [
        field('household.adults', 'number', { required: true, short: true }),
        field('household.children', 'number', { required: true, short: true }),
        field('household.childrenAges', 'ages'),
        field('household.allergies', 'yesno'),
        field('household.allAgree', 'yesno'),
      ],
    },
    {
      id: 'home',
      legend: m.groups.home,
      fields: [
        field('home.type', 'choice', { required: true, options: choices('home.type') }),
        field('home.ownership', 'choice', { required: true, options: choices('home.ownership') }),
        field('home.landlordAllowsPets', 'yesno'),
        field('home.yard', 'choice', { options: choices('home.yard') }),
        field('hoursAlone', 'number', { short: true }),
      ],
    },
    ...Array.from({ length: otherPetRows }, (_, row) => ({
      id: `other-pet-${row}`,
      legend: m.groups.otherPet(row + 1),
      ...(row === 0 ? { hint: m.groups.otherPetsHint } : {}),
      fields: [
        field(`otherPets.${row}.species`, 'text', { key: 'otherPets.species' }),
        field(`otherPets.${row}.count`, 'number', { key: 'otherPets.count', short: true }),
        field(`otherPets.${row}.spayedNeutered`, 'yesno', { key: 'otherPets.spayedNeutered' }),
        field(`otherPets.${row}.vaccinated`, 'yesno', { key: 'otherPets.vaccinated' }),
      ],
    })),
    {
      id: 'experience',
      legend: m.groups.experience,
      fields: [field('experience', 'textarea'), field('vet.name', 'text'), field('vet.phone', 'tel')],
    },
    ...(questions.length > 0
      ? [{ id: 'questions', legend: m.groups.questions, fields: questions.map(questionField) }]
      : []),
    {
      id: 'consent',
      legend: m.groups.consent,
      fields: [
        field('consent.dataProcessing', 'check', { required: true }),
        field('consent.contactByEmail', 'check'),
        field('consent.contactByPhone', 'check'),
      ],
    },
  ];
}

/** One of the shelter's own questions as a field: its label is the shelter's text. */
function questionField(question: Question): FormField {
  const name = `answers.${question.id}`;
  const base = { name, label: question.label, required: question.required };
  switch (question.type) {
    case 'text':
      return { ...base, kind: 'textarea' };
    case 'yesno':
      return { ...base, kind: 'yesno' };
    case 'number':
      return { ...base, kind: 'number', short: true, decimals: true };
    case 'choice':
      return { ...base, kind: 'choice', options: question.options!.map((o) => ({ value: o, label: o })) };
  }
}

/** A form's value as the body takes it; absent (undefined) when the box is empty or the choice not made. */
function valueOf(field: FormField, raw: string): unknown {
  // Browsers send a text area's line breaks as CRLF; the body keeps newlines as LF alone.
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (text === '') return undefined;
  switch (field.kind) {
    case 'number': {
      const pattern = field.decimals ? /^-?[0-9]+(\.[0-9]+)?$/ : /^-?[0-9]+$/;
      // Not a number: kept as text, so that the schema reports the field's type.
      return pattern.test(text) ? Number(text) : text;
    }
    case 'ages': {
      const parts = text.split(/[\s,;]+/).filter(Boolean);
      return parts.every((part) => /^[0-9]{1,3}$/.test(part)) ? parts.map(Number) : text;
    }
    case 'yesno':
      return text === 'yes' ? true : text === 'no' ? false : text;
    case 'check':
      return text === 'yes' ? true : text;
    default:
      return field.name === 'applicant.address.country' ? text.toUpperCase() : text;
  }
}

/** Sets `value` at a dotted path, making the objects on the way. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = value;
}

/**
 * The body of the application the form describes. The groups the body requires are always there, so
 * that an empty field is reported as itself; optional ones only when something in them was filled in.
 * Other pets' rows left empty are left out, and `rows` maps each row sent back to its row on the form.
 */
export function readApplication(
  groups: readonly FormGroup[],
  values: FormValues,
  petId: number | null,
): { body: Record<string, unknown>; rows: number[] } {
  const body: Record<string, unknown> = {
    petId,
    applicant: {},
    household: {},
    home: {},
    consent: {},
  };
  const pets: Array<Record<string, unknown>> = [];
  const rows: number[] = [];
  for (const group of groups) {
    for (const field of group.fields) {
      const value = valueOf(field, values[field.name] ?? '');
      if (value === undefined) continue;
      const pet = /^otherPets\.([0-9]+)\.(.+)$/.exec(field.name);
      if (pet) {
        const row = Number(pet[1]);
        let index = rows.indexOf(row);
        if (index === -1) index = rows.push(row) - 1;
        (pets[index] ??= {})[pet[2]!] = value;
      } else setPath(body, field.name, value);
    }
  }
  if (pets.length > 0) body.otherPets = pets;
  return { body, rows };
}
