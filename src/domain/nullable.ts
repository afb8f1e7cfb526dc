// A field that may be null: JSON Schema's `type: [T, 'null']` rather than `anyOf`, which Fastify's serializer
// would settle by validating each branch on every response.
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

export function nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, enum: values, ...rest } = schema as TSchema & { type?: string; enum?: unknown[] };
  return Type.Unsafe<Static<T> | null>({
    ...rest,
    type: [type, 'null'],
    ...(values ? { enum: [...values, null] } : {}),
  });
}
