// The body of an operation that takes none, such as an order's approve: it may be left out, be empty (even
// when declared as JSON, as many clients do on every request) or be `{}`, and any field is refused by name
// like every unknown field, so that a client that believes it sends something learns that it does not
// (docs/decisions.md, "Validation").
import { Type } from '@sinclair/typebox';

/** In a route schema, marks a body that may be left out; @fastify/swagger would call every body required. */
const optionalBodyMark = 'x-optional-body';

const NoFields = Type.Object(
  {},
  { additionalProperties: false, description: 'No fields: leave the body out, or send `{}`' },
);

/**
 * The route schema's body of an operation that takes none. Keyed by media type because Fastify then checks
 * it only when a JSON body was sent; a plain body schema is checked against null when there is no body.
 */
export const noFieldsBody = {
  body: { content: { 'application/json': { schema: NoFields } } },
  [optionalBodyMark]: true,
};

/** Whether a route's schema is one built with `noFieldsBody`: its body may be left out. */
export const bodyMayBeLeftOut = (schema: unknown): boolean =>
  (schema as Record<string, unknown> | undefined)?.[optionalBodyMark] === true;

/** Says, in the OpenAPI document, that the body of an operation built with `noFieldsBody` may be left out. */
export function markOptionalBody(operation: { requestBody?: { required?: boolean } }): void {
  const marked = operation as Record<string, unknown>;
  if (!marked[optionalBodyMark]) return;
  delete marked[optionalBodyMark];
  if (operation.requestBody) operation.requestBody.required = false;
}
