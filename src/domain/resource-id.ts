// Identifiers of pets and orders: int64 in the interface, assigned by the service, ids only grow.
import { Type } from '@sinclair/typebox';

/**
 * The largest integer every JSON client can hold exactly: int64 ids and categoryIds are capped here
 * (see docs/decisions.md, "int64 in JSON").
 */
export const maxSafeId = Number.MAX_SAFE_INTEGER;

/** The schema of an identifier, described by what it identifies. */
export const idSchema = (description: string) =>
  Type.Integer({ minimum: 1, maximum: maxSafeId, format: 'int64', description });

/** The id a text names (a path parameter, a query's value): digits with no leading zero, up to maxSafeId. */
export const idOfText = (text: unknown): number | undefined =>
  typeof text === 'string' && /^[1-9][0-9]{0,15}$/.test(text) && Number(text) <= maxSafeId
    ? Number(text)
    : undefined;
