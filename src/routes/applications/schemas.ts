// Schemas of the applications area: request parameters, bodies and responses (the application's own are in
// domain/application-schema.ts, the form's in domain/application-form.ts).
import { Type } from '@sinclair/typebox';
import { applicationStatuses } from '../../domain/application.js';
import { ApplicationFormSchema, QuestionSchema } from '../../domain/application-form.js';
import {
  ApplicationNoteSchema,
  ApplicationReceiptSchema,
  ApplicationSchema,
  ApplicationStatusSchema,
  NewApplicationSchema,
} from '../../domain/application-schema.js';
import { noControlCharacters } from '../../domain/control-characters.js';
import { idSchema } from '../../domain/resource-id.js';
import { commonHeaders } from '../../http/schemas/error.js';
import { cursorLength } from '../../domain/cursor.js';
import { maxSafeId } from '../../domain/resource-id.js';
import { pageCursorQuery, pageLimitQuery, pageLinkHeader } from '../../http/page-link.js';

export const ApplicationsSchema = Type.Array(Type.Ref(ApplicationSchema), {
  $id: 'Applications',
  description: 'A JSON array of Application',
});

export const ApplicationCountsSchema = Type.Object(
  Object.fromEntries(applicationStatuses.map((s) => [s, Type.Integer({ minimum: 0 })])),
  {
    $id: 'ApplicationCounts',
    additionalProperties: false,
    required: [...applicationStatuses],
    description: 'How many applications are in each status, every status present',
  },
);

export const ApplicantSchema = Type.Object(
  {
    email: Type.String({ description: 'The address asked for' }),
    applications: Type.Array(Type.Ref(ApplicationSchema), {
      description: 'Every application of it, oldest first',
    }),
  },
  {
    $id: 'Applicant',
    additionalProperties: false,
    description: 'Everything held on an applicant (subject access)',
  },
);

export const ApplicationIdParams = Type.Object({
  applicationId: Type.String({
    pattern: '^[A-Za-z0-9_-]{16,64}$',
    maxLength: 64,
    'x-pattern-rule': 'must be an application id (URL-safe letters, digits, - and _)',
    description: 'Identifier of the application',
  }),
});

export const ListApplicationsQuery = Type.Object(
  {
    limit: pageLimitQuery('applications'),
    status: Type.Optional(
      Type.Ref(ApplicationStatusSchema, { description: 'Only applications in this status' }),
    ),
    petId: Type.Optional(idSchema('Only applications for this animal')),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        ...noControlCharacters,
        description:
          'Words of the applicant’s name or email, folded as in word search (docs/search.md): each must be a ' +
          'word of them, the last may be the start of one',
      }),
    ),
    sort: Type.Optional(
      Type.Unsafe<'createdAt' | '-createdAt'>({
        type: 'string',
        enum: ['-createdAt', 'createdAt'],
        default: '-createdAt',
        description: 'Newest first (`-createdAt`, the default) or oldest first (`createdAt`)',
      }),
    ),
    // A cursor holds a row's sequence number, its creation time (at most JavaScript's last date) and the
    // listing's digest (application-pages.ts).
    cursor: pageCursorQuery(
      'filters and `sort`',
      cursorLength({ afterId: maxSafeId, key: 8_640_000_000_000_000, filters: [`#${'x'.repeat(22)}`] }),
    ),
  },
  { additionalProperties: false },
);

export const ApplicantQuery = Type.Object(
  {
    email: Type.String({
      format: 'email',
      maxLength: 254,
      description: 'Compared case-insensitively, as submitted addresses are',
    }),
  },
  { additionalProperties: false },
);

export const EraseApplicantBody = Type.Object(
  {
    email: Type.String({
      format: 'email',
      maxLength: 254,
      description: 'Compared case-insensitively, as submitted addresses are',
    }),
  },
  { additionalProperties: false },
);

export { DeclineBody, NoteBody } from '../../domain/application-schema.js';

export const ErasedSchema = Type.Object(
  { erased: Type.Integer({ minimum: 0, description: 'Applications whose personal data was erased' }) },
  { $id: 'ApplicantErasure', additionalProperties: false },
);

const withHeaders = (ref: string, description: string) =>
  Type.Unsafe({ $ref: ref, description, headers: commonHeaders });

export const applicationResponse = (description: string) => withHeaders('Application', description);

export const submitResponse = Type.Unsafe({
  anyOf: [{ $ref: 'Application' }, { $ref: 'ApplicationReceipt' }],
  description:
    'The submitted application, whole for a key that also holds `applications:read`; otherwise only ' +
    '`{id, status, createdAt}`',
  headers: { ...commonHeaders, Location: Type.String({ description: 'URL of the application' }) },
});

export const listApplicationsResponse = Type.Ref(ApplicationsSchema, {
  description: 'A page of applications. When more follow, `Link` gives the next page.',
  headers: { ...commonHeaders, Link: pageLinkHeader('/applications', 'applications') },
});

export const sharedApplicationSchemas = [
  ApplicationStatusSchema,
  ApplicationNoteSchema,
  NewApplicationSchema,
  ApplicationSchema,
  ApplicationReceiptSchema,
  ApplicationsSchema,
  ApplicationCountsSchema,
  ApplicantSchema,
  ErasedSchema,
  QuestionSchema,
  ApplicationFormSchema,
];
