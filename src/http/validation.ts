// Request validation: strict for JSON bodies (no type coercion, unknown fields rejected), coercing for
// query strings and paths, whose values are always text. Also turns Ajv's errors into one readable message.
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const vocabulary = ['x-pattern-rule'];

const makeAjv = (coerceTypes: boolean, sharedSchemas: readonly object[]) => {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    verbose: true,
    strict: true,
  });
  addFormats.default(ajv);
  ajv.addVocabulary(vocabulary);
  for (const schema of sharedSchemas) ajv.addSchema(schema);
  return ajv;
};

/** A validator compiler that knows the shared schemas (those with an `$id`) routes refer to. */
export function createValidatorCompiler(sharedSchemas: readonly object[]): FastifySchemaCompiler<unknown> {
  const bodyAjv = makeAjv(false, sharedSchemas);
  const textAjv = makeAjv(true, sharedSchemas);
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

const partNames: Record<string, string> = {
  body: 'the request body',
  querystring: 'the query string',
  params: 'the path',
  headers: 'the headers',
};

/** Describes one failed rule, naming the field it concerns. */
function describe(error: ErrorObject, part: string): string {
  const field = error.instancePath.slice(1).replaceAll('/', '.');
  const subject = field || partNames[part] || part;
  const p = error.params as Record<string, unknown>;
  const schema = (error.parentSchema ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return part === 'body' && !field
        ? `${String(p.missingProperty)} is required`
        : `${field ? field + '.' : ''}${String(p.missingProperty)} is required`;
    case 'additionalProperties':
      return `unknown ${part === 'querystring' ? 'query parameter' : 'field'} '${String(p.additionalProperty)}'${
        field ? ` in ${field}` : ''
      }`;
    case 'type':
      return `${subject} must be ${article(String(p.type))}`;
    case 'minLength':
      return `${subject} must be at least ${String(p.limit)} character${p.limit === 1 ? '' : 's'} long`;
    case 'maxLength':
      return `${subject} must be at most ${String(p.limit)} characters long`;
    case 'minimum':
      return `${subject} must be at least ${String(p.limit)}`;
    case 'maximum':
      return p.limit === Number.MAX_SAFE_INTEGER
        ? `${subject} must be at most ${Number.MAX_SAFE_INTEGER} (2^53-1): larger integers cannot be held exactly ` +
            'by JavaScript and many JSON parsers, so they would be silently changed'
        : `${subject} must be at most ${String(p.limit)}`;
    case 'enum':
      return `${subject} must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
      return `${subject} ${String(schema['x-pattern-rule'] ?? `must match ${String(p.pattern)}`)}`;
    default:
      return `${subject} ${error.message ?? 'is invalid'}`;
  }
}

/** One message for all the rules a request broke, e.g. "name is required; unknown field 'colour'". */
export function describeValidationErrors(errors: readonly ErrorObject[], part: string): string {
  if (part === 'body' && errors.some((e) => e.instancePath === '' && e.keyword === 'type')) {
    return 'the request body must be a JSON object';
  }
  return [...new Set(errors.map((e) => describe(e, part)))].join('; ');
}
