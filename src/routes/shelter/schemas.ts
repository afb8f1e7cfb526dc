// Schemas of the shelter's operations (the record's own are in domain/shelter.ts): validation, serialization
// and OpenAPI at once.
import { Type } from '@sinclair/typebox';
import { ShelterChangesSchema, ShelterSchema } from '../../domain/shelter.js';
import { commonHeaders } from '../../http/schemas/error.js';

/** An answer of the details, read or after a change. */
export const shelterResponse = (description: string) =>
  Type.Ref(ShelterSchema, { description, headers: commonHeaders });

export const sharedShelterSchemas = [ShelterSchema, ShelterChangesSchema];
