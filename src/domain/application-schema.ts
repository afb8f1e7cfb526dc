// The schemas of an application as submitted and as returned: validation, serialization, OpenAPI and the
// TypeScript types at once. Every field but `applicant` is optional on submission and null in answers
// where not given, so that typed clients have one shape.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { applicationStatuses, type ApplicationStatus } from './application.js';
import { AnswerSchema, maxQuestions, textAnswerMaxLength } from './application-form.js';
import { noControlCharacters, noControlCharactersButNewline } from './control-characters.js';
import { nullable } from './nullable.js';
import { idSchema } from './resource-id.js';

const line = (maxLength: number, description: string, minLength = 1) =>
  Type.String({ minLength, maxLength, ...noControlCharacters, description });
const flag = (description: string) => nullable(Type.Boolean({ description }));
const count = (minimum: number, maximum: number, description: string) =>
  Type.Integer({ minimum, maximum, format: 'int32', description });
/** A field optional on submission, null in answers when not given. */
const optional = <T extends TSchema>(schema: T) => Type.Optional(nullable(schema));

export const declineReasonMaxLength = 500;
export const noteTextMaxLength = 2000;

export const ApplicationStatusSchema = Type.Unsafe<ApplicationStatus>({
  $id: 'ApplicationStatus',
  type: 'string',
  enum: [...applicationStatuses],
  description:
    'Where the application stands: `submitted`, `in_review` and `approved` are open; `adopted`, `declined` ' +
    'and `withdrawn` are closed (docs/applications.md)',
});

const addressFields = {
  line1: line(200, 'First line of the street address'),
  line2: line(200, 'Second line of the street address'),
  city: line(100, 'Town or city'),
  region: line(100, 'State, province or county'),
  postalCode: line(20, 'Postal code'),
  country: Type.String({
    pattern: '^[A-Z]{2}$',
    maxLength: 2,
    'x-pattern-rule': 'must be an ISO 3166-1 alpha-2 code in capitals, such as GB',
    description: 'ISO 3166-1 alpha-2 country code',
  }),
};
type AddressField = keyof typeof addressFields;
const allAddressFields = Object.keys(addressFields) as AddressField[];

const applicantIn = {
  name: line(200, 'The applicant’s name'),
  email: Type.String({ format: 'email', maxLength: 254, description: 'Compared case-insensitively' }),
  phone: optional(line(30, 'A phone number')),
  address: optional(
    Type.Object(
      Object.fromEntries(allAddressFields.map((f) => [f, Type.Optional(nullable(addressFields[f]))])) as {
        [F in AddressField]: ReturnType<typeof optional<(typeof addressFields)[F]>>;
      },
      { additionalProperties: false },
    ),
  ),
};

const householdIn = {
  adults: count(1, 20, 'Adults in the household'),
  children: count(0, 20, 'Children in the household'),
  childrenAges: optional(Type.Array(count(0, 17, 'Age in years'), { maxItems: 20 })),
  allergies: Type.Optional(flag('Whether anyone in the household has an allergy to animals')),
  allAgree: Type.Optional(flag('Whether everyone in the household agrees to the adoption')),
};

const homeTypes = ['house', 'apartment', 'other'] as const;
const ownerships = ['own', 'rent'] as const;
const yards = ['none', 'unfenced', 'fenced'] as const;
const choice = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

const homeIn = {
  type: choice(homeTypes, 'The kind of home'),
  ownership: choice(ownerships, 'Whether the applicant owns or rents it'),
  landlordAllowsPets: Type.Optional(flag('For a rented home: whether the landlord allows pets')),
  yard: optional(choice(yards, 'The outdoor space')),
};

const OtherPetSchema = Type.Object(
  {
    species: line(50, 'What animal'),
    count: count(1, 20, 'How many'),
    spayedNeutered: Type.Optional(flag('Whether they are spayed or neutered')),
    vaccinated: Type.Optional(flag('Whether they are vaccinated')),
  },
  { additionalProperties: false },
);

const VetSchema = Type.Object(
  { name: optional(line(200, 'The vet’s or practice’s name')), phone: optional(line(30, 'Their phone')) },
  { additionalProperties: false },
);

const answersIn = Type.Record(Type.String(), AnswerSchema, {
  maxProperties: maxQuestions,
  propertyNames: { pattern: '^[a-z][a-z0-9-]{0,39}$' },
  description: 'Answers to the shelter’s own questions (`GET /v1/application-form`), keyed by question id',
});

const consentIn = {
  dataProcessing: Type.Literal(true, {
    description: 'Must be true: the applicant agrees that the shelter processes this data to decide',
  }),
  contactByEmail: Type.Optional(Type.Boolean({ description: 'Whether the shelter may write by email' })),
  contactByPhone: Type.Optional(Type.Boolean({ description: 'Whether the shelter may call' })),
};

const strict = { additionalProperties: false } as const;

export const NewApplicationSchema = Type.Object(
  {
    petId: optional(idSchema('The animal applied for; null or absent for an application for no one animal')),
    applicant: Type.Object(applicantIn, strict),
    household: Type.Object(householdIn, strict),
    home: Type.Object(homeIn, strict),
    otherPets: Type.Optional(Type.Array(OtherPetSchema, { maxItems: 10 })),
    experience: optional(
      Type.String({
        maxLength: textAnswerMaxLength,
        ...noControlCharactersButNewline,
        description: 'Experience with animals; newlines kept',
      }),
    ),
    hoursAlone: optional(count(0, 24, 'Hours a day the animal would be alone')),
    vet: optional(VetSchema),
    answers: Type.Optional(answersIn),
    consent: Type.Object(consentIn, strict),
  },
  {
    $id: 'NewApplication',
    additionalProperties: false,
    description: 'An adoption application to submit; unknown fields are rejected',
  },
);
export type NewApplication = Static<typeof NewApplicationSchema>;

/** Every field present: null where not given, or where erased. */
const all = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(
    Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, nullable(s)])) as {
      [K in keyof P]: ReturnType<typeof nullable<P[K]>>;
    },
    strict,
  );
const timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const ApplicationNoteSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Identifier of the note' }),
    text: Type.String({ description: 'The note; never shown to the applicant' }),
    author: Type.String({ description: 'The name of the key that wrote it' }),
    createdAt: timestamp('When it was written, RFC 3339 UTC'),
  },
  { $id: 'ApplicationNote', additionalProperties: false, description: 'An internal note on an application' },
);
export type ApplicationNote = Static<typeof ApplicationNoteSchema>;

export const ApplicationSchema = Type.Object(
  {
    id: Type.String({
      description:
        'Random, URL-safe, 127 bits, beginning with a letter: never sequential, since it names personal data',
    }),
    petId: nullable(idSchema('The animal applied for')),
    status: Type.Ref(ApplicationStatusSchema),
    applicant: Type.Object(
      {
        name: Type.String({ description: 'The applicant’s name; `Erased` once erased' }),
        email: nullable(Type.String()),
        phone: nullable(Type.String()),
        address: nullable(all(addressFields)),
      },
      strict,
    ),
    household: all({
      adults: Type.Integer(),
      children: Type.Integer(),
      childrenAges: Type.Array(Type.Integer()),
      allergies: Type.Boolean(),
      allAgree: Type.Boolean(),
    }),
    home: all({
      type: choice(homeTypes, 'The kind of home'),
      ownership: choice(ownerships, 'Owned or rented'),
      landlordAllowsPets: Type.Boolean(),
      yard: choice(yards, 'The outdoor space'),
    }),
    otherPets: Type.Array(
      all({
        species: Type.String(),
        count: Type.Integer(),
        spayedNeutered: Type.Boolean(),
        vaccinated: Type.Boolean(),
      }),
    ),
    experience: nullable(Type.String()),
    hoursAlone: nullable(Type.Integer()),
    vet: nullable(all({ name: Type.String(), phone: Type.String() })),
    answers: Type.Record(Type.String(), AnswerSchema),
    consent: Type.Object(
      {
        dataProcessing: Type.Boolean(),
        contactByEmail: nullable(Type.Boolean()),
        contactByPhone: nullable(Type.Boolean()),
        givenAt: timestamp('When consent was given: the submission, RFC 3339 UTC'),
      },
      strict,
    ),
    declineReason: nullable(Type.String({ description: 'Why it was declined' })),
    orderId: nullable(idSchema('The order that approving placed')),
    notes: Type.Array(Type.Ref(ApplicationNoteSchema), { description: 'Internal notes, oldest first' }),
    createdAt: timestamp('When it was submitted, RFC 3339 UTC'),
    updatedAt: timestamp('When it last changed, RFC 3339 UTC'),
    decidedAt: nullable(timestamp('When it was adopted, declined or withdrawn, RFC 3339 UTC')),
    retainUntil: nullable(timestamp('When its personal data will be erased, RFC 3339 UTC; null while kept')),
    erasedAt: nullable(timestamp('When its personal data was erased, RFC 3339 UTC')),
  },
  { $id: 'Application', additionalProperties: false, description: 'An adoption application as returned' },
);
export type Application = Static<typeof ApplicationSchema>;

/** The personal fields of an application: what its row keeps as one document, and erasure replaces. */
export type ApplicationDetails = Pick<
  Application,
  'applicant' | 'household' | 'home' | 'otherPets' | 'experience' | 'hoursAlone' | 'vet' | 'answers'
> & { consent: Omit<Application['consent'], 'givenAt'> };

/** What a key that may submit but not read is answered: nothing of the personal data. */
export const ApplicationReceiptSchema = Type.Object(
  {
    id: Type.String({ description: 'The application’s id' }),
    status: Type.Ref(ApplicationStatusSchema),
    createdAt: timestamp('When it was submitted, RFC 3339 UTC'),
  },
  {
    $id: 'ApplicationReceipt',
    additionalProperties: false,
    description: 'A submitted application, as its submitter sees it',
  },
);
export type ApplicationReceipt = Static<typeof ApplicationReceiptSchema>;

/** The receipt of a submitted application. */
export const receiptOf = ({ id, status, createdAt }: Application): ApplicationReceipt => ({
  id,
  status,
  createdAt,
});

export const addressFieldNames = allAddressFields;

/** The body of a decline: the API's, and the console's decline form. */
export const DeclineBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: declineReasonMaxLength,
      ...noControlCharactersButNewline,
      'x-trimmed': true,
      description: `Why, 1–${declineReasonMaxLength} characters`,
    }),
  },
  { additionalProperties: false },
);

/** The body of a note: the API's, and the console's note form. */
export const NoteBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: noteTextMaxLength,
      ...noControlCharactersButNewline,
      'x-trimmed': true,
      description: `The note, 1–${noteTextMaxLength} characters; newlines kept`,
    }),
  },
  { additionalProperties: false },
);
