// The operations of the served OpenAPI document, and fast-check generators of their requests drawn from
// their own schemas: operations added later (orders, events) are picked up without a change here.
import fc from 'fast-check';

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  format?: string;
  pattern?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { headers?: Record<string, { required?: boolean }> }>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

export interface Op {
  id: string;
  method: string;
  /** Path template under /v1, e.g. /pets/{petId}. */
  path: string;
  params: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body?: Schema;
  /** Each documented status, with the headers its answers must carry. */
  statuses: Map<string, string[]>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What kind of request it is, for the failure report. */
  kind: string;
}

export function operationsOf(doc: OpenApiDocument): Op[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      id: op.operationId,
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'path'),
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      headers: (op.parameters ?? []).filter((p) => p.in === 'header'),
      body: op.requestBody?.content['application/json']?.schema,
      statuses: new Map(
        Object.entries(op.responses).map(([status, response]) => [
          status,
          Object.entries(response.headers ?? {})
            .filter(([, header]) => header.required)
            .map(([name]) => name.toLowerCase()),
        ]),
      ),
    })),
  );
}

/** The documented operation a method and path name, if any. */
export function operationFor(ops: Op[], method: string, url: string): Op | undefined {
  const path = url.split('?')[0]!.replace(/^\/v1/, '');
  return ops.find(
    (op) =>
      (op.method === method || (op.method === 'GET' && method === 'HEAD')) &&
      new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
}

/** A generator of valid values of a schema, following `$ref` into the components. */
export function valueOf(schema: Schema, doc: OpenApiDocument): fc.Arbitrary<unknown> {
  if (schema.$ref) return valueOf(doc.components.schemas[schema.$ref.split('/').pop()!]!, doc);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -Number.MAX_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1e6, 1e9),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      // A comma list of a closed set, of ids, of names: strings the pattern takes, cut to the length allowed.
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern, 'u'))
          .filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity));
      }
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc
        .string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 30, 30),
          unit: 'grapheme-ascii',
        })
        .filter((s) => s.trim().length >= (schema.minLength ?? 0));
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, doc), { maxLength: 3 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of properties) record[name] = valueOf(property, doc);
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.constant(null);
  }
}

const querystring = (values: Record<string, unknown>): string => {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
};

/** Valid requests of an operation, with its path and query parameters and body drawn from their schemas. */
export function validRequest(
  op: Op,
  doc: OpenApiDocument,
  auth: Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...op.params.map((p) => valueOf(p.schema, doc)));
  const query = fc.record(Object.fromEntries(op.query.map((p) => [p.name, valueOf(p.schema, doc)])), {
    requiredKeys: op.query.filter((p) => p.required).map((p) => p.name),
  });
  // Cursors are opaque: the service issues them, so a generated one is not valid input.
  const body = op.body ? valueOf(op.body, doc) : fc.constant(undefined);
  return fc.tuple(params, query, body).map(([values, q, b]) => {
    let path = op.path;
    op.params.forEach((p, i) => (path = path.replace(`{${p.name}}`, encodeURIComponent(String(values[i])))));
    const rest = { ...(q as Record<string, unknown>) };
    delete rest.cursor;
    return {
      kind: `valid ${op.id}`,
      method: op.method,
      url: `/v1${path}${querystring(rest)}`,
      headers: { ...auth, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(b === undefined ? {} : { payload: JSON.stringify(b) }),
    };
  });
}
