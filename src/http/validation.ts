// Request validation: strict for JSON bodies (no type coercion, unknown fields rejected), coercing for
// query strings and paths, whose values are always text. Also turns Ajv's errors into one readable message.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { cutToQuote, quotedLength } from './quoted.js';

const vocabulary = ['x-pattern-rule', 'x-trimmed', 'x-error-code'];

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

/**
 * The one rule for numbers written in a query string or a path (docs/decisions.md): plain decimal digits,
 * with an optional minus, and no leading zero, so that each value has one spelling. Ajv's coercion alone
 * would take `1e1`, `20.0`, `0x10`, ` 20`, `020` and `Infinity`.
 */
const decimalInteger = /^(0|-?[1-9][0-9]*)$/;

type TextSchema = { properties?: Record<string, { type?: unknown; minimum?: number; maximum?: number }> };

/** An integer parameter, with the range its schema allows (safe integers where it says nothing). */
interface IntegerParameter {
  name: string;
  minimum: number;
  maximum: number;
}

/** Which properties the text rules concern, read once per schema. */
interface TextRules {
  /** Integers, which must be written in plain decimal digits. */
  integers: readonly IntegerParameter[];
  /** Parameters that are no list, which must be given once. */
  once: readonly string[];
}

/**
 * The text rules of a schema, or undefined when none applies. Headers are left out of the once rule: Node.js
 * joins a repeated header into one value, so a header is never a list.
 */
function textRulesOf(schema: TextSchema, httpPart: string | undefined): TextRules | undefined {
  const properties = Object.entries(schema.properties ?? {});
  const integers = properties
    .filter(([, p]) => p.type === 'integer')
    .map(([name, p]) => ({
      name,
      minimum: p.minimum ?? -Number.MAX_SAFE_INTEGER,
      maximum: Math.min(p.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    }));
  const once =
    httpPart === 'headers' ? [] : properties.filter(([, p]) => p.type !== 'array').map(([name]) => name);
  return integers.length > 0 || once.length > 0 ? { integers, once } : undefined;
}

const failure = (name: string, keyword: string, message: string): ErrorObject => ({
  keyword,
  instancePath: `/${name}`,
  schemaPath: `#/properties/${name}`,
  params: {},
  message,
});

/** The rules Ajv's coercion cannot express; undefined when the data keeps them, as nearly all requests do. */
function textRuleErrors(rules: TextRules, data: unknown): ErrorObject[] | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const values = data as Record<string, unknown>;
  let errors: ErrorObject[] | undefined;
  for (const name of rules.once) {
    if (Array.isArray(values[name]))
      (errors ??= []).push(failure(name, 'x-once', 'is given more than once; give it once'));
  }
  for (const { name, minimum, maximum } of rules.integers) {
    const value = values[name];
    if (typeof value !== 'string') continue;
    if (!decimalInteger.test(value)) {
      (errors ??= []).push(
        failure(
          name,
          'x-decimal',
          'must be an integer in plain decimal digits, such as 20 (no leading zero, exponent, decimal point or 0x)',
        ),
      );
    } else if (!Number.isSafeInteger(Number(value))) {
      // Past 2^53 a number is no longer held exactly, and past 1e308 it reads as Infinity.
      (errors ??= []).push(failure(name, 'x-decimal', `must be between ${minimum} and ${maximum}`));
    }
  }
  return errors;
}

/** Ajv's validator of a query string, path or headers, with the text rules checked first (coercion changes the data). */
function withTextRules(rules: TextRules, validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const own = textRuleErrors(rules, data);
    const valid = validate(data, context);
    if (valid && !own) {
      checked.errors = null;
      return true;
    }
    const reported = new Set(own?.map((e) => e.instancePath));
    checked.errors = [
      ...(own ?? []),
      ...(validate.errors ?? []).filter((e) => !reported.has(e.instancePath)),
    ];
    return false;
  }) as ValidateFunction;
  // Fastify passes the parent object to Ajv validators (which it recognises by this property).
  return Object.assign(checked, { schemaEnv: validate.schemaEnv, schema: validate.schema });
}

/** A body of bytes (an image), described as binary for the document: its operation checks it, not a schema. */
const isBinary = (schema: unknown): boolean => {
  const { type, format } = schema as { type?: unknown; format?: unknown };
  return type === 'string' && format === 'binary';
};
const takeBytes = () => true;

/** A validator compiler that knows the shared schemas (those with an `$id`) routes refer to. */
export function createValidatorCompiler(sharedSchemas: readonly object[]): FastifySchemaCompiler<unknown> {
  const bodyAjv = makeAjv(false, sharedSchemas);
  const textAjv = makeAjv(true, sharedSchemas);
  return ({ schema, httpPart }) => {
    if (httpPart === 'body' && isBinary(schema)) return takeBytes;
    if (httpPart === 'body') return bodyAjv.compile(schema as object);
    const validate = textAjv.compile(schema as object);
    const rules = textRulesOf(schema as TextSchema, httpPart);
    return rules ? withTextRules(rules, validate) : validate;
  };
}

const article = (type: string) =>
  type === 'null' ? 'null' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;

const partNames: Record<string, string> = {
  body: 'the request body',
  querystring: 'the query string',
  params: 'the path',
  headers: 'the headers',
};

/** Most problems listed in one message: a small request never makes a large answer. */
const listedProblems = 5;

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
      return `unknown ${part === 'querystring' ? 'query parameter' : 'field'} '${cutToQuote(String(p.additionalProperty), quotedLength.name)}'${
        field ? ` in ${field}` : ''
      }`;
    case 'type':
      // Written in a query string or a path, a boolean is one of two words: `1`, `yes` or `TRUE` are not.
      if (part !== 'body' && p.type === 'boolean') return `${subject} must be true or false`;
      // A nullable field's types come as "string,null".
      return `${subject} must be ${String(p.type).split(',').map(article).join(' or ')}`;
    case 'minLength':
      return `${subject} must be at least ${String(p.limit)} character${p.limit === 1 ? '' : 's'} long${
        schema['x-trimmed'] ? ' once surrounding white space is removed (it is trimmed)' : ''
      }`;
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
      return `${subject} must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
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
  // A value of the wrong type breaks its other rules too (an integer's format, say): say it once.
  const mistyped = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const relevant = errors.filter((e) => e.keyword === 'type' || !mistyped.has(e.instancePath));
  const problems = [...new Set(relevant.map((e) => describe(e, part)))];
  const unlisted = problems.length - listedProblems;
  return unlisted > 0
    ? `${problems.slice(0, listedProblems).join('; ')}; and ${unlisted} more`
    : problems.join('; ');
}
