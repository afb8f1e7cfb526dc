// The SDK's public surface, exported as the `@petstore/client` package.
export {
  PetstoreClient,
  type Actor,
  type Breed,
  type Category,
  type CreatePetOptions,
  type Event,
  type EventType,
  type EventTypeFilter,
  type IdempotencyOptions,
  type Inventory,
  type ListEventsOptions,
  type ListOrdersOptions,
  type NewOrder,
  type NewPet,
  type Order,
  type OrderAction,
  type OrderStatus,
  type Pet,
  type PetPatch,
  type Shelter,
  type ShelterChanges,
  type PetStatus,
  type PetSync,
  type PetWithEtag,
  type Photo,
  type PhotoContentType,
  type PhotoData,
  type PetstoreClientOptions,
  type SyncPetsOptions,
  type UpdatePetOptions,
  type UploadPhotoOptions,
} from './petstore-client.js';
export type { Page } from './client-core.js';
export type {
  Applicant,
  ApplicantErasure,
  Application,
  ApplicationAction,
  ApplicationCounts,
  ApplicationForm,
  ApplicationNote,
  ApplicationQuestion,
  ApplicationReceipt,
  ApplicationSort,
  ApplicationStatus,
  ListApplicationsOptions,
  NewApplication,
} from './application-types.js';
export type {
  ListPetsOptions,
  PetAge,
  PetAttributeName,
  PetCoat,
  PetFilters,
  PetGoodWithName,
  PetSex,
  PetSize,
  PetSort,
} from './pet-query.js';
export { PetstoreError, type ClientErrorCode } from './petstore-error.js';
// For code that sends its own requests (as a bulk import paces them): the SDK's reading of the headers.
export { rateLimitOf, type RateLimitState } from './rate-limit.js';
export { retryAfterMs, type RetryOptions } from './retry-policy.js';
export type { OutgoingRequest, Transport, TransportAnswer } from './transport.js';
export type { components, operations, paths } from './openapi-types.js';
