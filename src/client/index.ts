// The SDK's public surface, exported as `petstore/client`.
export {
  PetstoreClient,
  type CreatePetOptions,
  type ListPetsOptions,
  type NewPet,
  type Pet,
  type PetStatus,
  type PetstoreClientOptions,
} from './petstore-client.js';
export { PetstoreError, type ClientErrorCode } from './petstore-error.js';
export type { RateLimitState } from './rate-limit.js';
export type { RetryOptions } from './retry-policy.js';
export type { components, operations, paths } from './openapi-types.js';
