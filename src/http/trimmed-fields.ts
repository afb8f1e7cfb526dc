// Body fields a schema marks `x-trimmed` are stored trimmed, and their rules apply to the trimmed text: the
// mark in the schema is the one place that says so, for this hook and for the validation message alike.
import type { TObject } from '@sinclair/typebox';
import type { preValidationHookHandler } from 'fastify';

/** A preValidation hook that trims, in the JSON body, every string field `schema` marks `x-trimmed`. */
export function trimMarkedFields(schema: TObject): preValidationHookHandler {
  const fields = Object.keys(schema.properties).filter((name) => schema.properties[name]!['x-trimmed']);
  if (fields.length === 0) throw new Error('trimMarkedFields: the schema marks no field x-trimmed');
  return (request, _reply, done) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (body && typeof body === 'object') {
      for (const field of fields) {
        const value = body[field];
        if (typeof value === 'string') body[field] = value.trim();
      }
    }
    done();
  };
}
