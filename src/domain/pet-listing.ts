// What `GET /v1/pets` can ask, apart from its schemas (the CLI and the SDK's docs read these without
// TypeBox): the filters on the profile, combined with AND, each list an OR of its values, and the sorts, each
// with its own keyset order (ties broken by id).
import type {
  PetAge,
  PetCoat,
  PetSex,
  PetSize,
  petAttributeNames,
  petGoodWithNames,
} from './pet-profile-values.js';
import type { PetStatus } from './pet-status.js';

export const petSorts = ['id', 'updatedAt', '-updatedAt', '-createdAt', 'name'] as const;
export type PetSort = (typeof petSorts)[number];

/** Most values in one list parameter. */
export const maxListValues = 20;
/** Longest `q`. */
export const maxQueryLength = 200;
/** Longest `updatedSince`: an RFC 3339 instant to the nanosecond, with an offset. */
export const maxInstantLength = '2026-11-01T00:00:00.123456789+01:00'.length;

/** Characters of the digest that binds a cursor to the filters and sort of its listing. */
export const listingDigestLength = 22;

export interface PetFilter {
  status?: PetStatus;
  /** Only pets the public pages show (true), or only those they do not (false). */
  published?: boolean;
  ids?: number[];
  categoryIds?: number[];
  /** Breed names, case-folded (src/domain/case-key.ts). */
  breeds?: string[];
  sexes?: PetSex[];
  ages?: PetAge[];
  sizes?: PetSize[];
  coats?: PetCoat[];
  /** Each named flag must be true. */
  goodWith?: Array<(typeof petGoodWithNames)[number]>;
  attributes?: Array<(typeof petAttributeNames)[number]>;
  /** Tags the pet carries every one of, case-folded. */
  tags?: string[];
  /** The words of `q` (src/domain/search-words.ts). */
  words?: { words: string[]; prefix: string | undefined };
  /** Milliseconds since the epoch: only pets updated at or after it. */
  updatedSince?: number;
}
