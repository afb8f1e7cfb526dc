// The closed set of error codes the service answers with: status and message of each, in one place.
// It feeds the error handler, the OpenAPI document and docs/errors.md; test/errors/catalogue.test.ts pins it.
import { maxHeaderSize } from 'node:http';
import { settings } from '../config.js';
import { maxParamLength } from '../domain/path-parameters.js';

const kib = (bytes: number): string => `${bytes / 1024} KiB`;
const defaultBodyLimit: number = settings.bodyLimit.schema.default;
const requestTimeout = settings.requestTimeoutMs;
const mib = (bytes: number): string => `${bytes / 1048576} MiB`;
const photoUploadLimit = settings.photoUploadLimit;
const photosPerPet = settings.photosPerPet;
const photoMaxPixels = settings.photoMaxPixels;

export interface ErrorEntry {
  status: number;
  /** Message template; each `%s` is filled by the detail given where the error is raised. */
  message: string;
  /** When a client sees it, for the documentation. */
  when: string;
  /** Seconds after which a retry may succeed, sent as `Retry-After`. */
  retryAfterSeconds?: number;
}

export const errorCatalogue = {
  validation_failed: {
    status: 400,
    message: 'Invalid request: %s',
    when: 'A parameter or body field breaks its rule; the message names the field and the rule.',
  },
  low_contrast: {
    status: 400,
    message: 'accentColour %s has a contrast of %s:1 on white; at least %s:1 is needed',
    when:
      'The shelter’s accent colour would be hard to read on the pages’ white: its contrast (WCAG 2.2, rounded ' +
      'down to two decimals) is under 4.5:1. Choose a darker colour.',
  },
  malformed_json: {
    status: 400,
    message: 'The request body is not valid JSON: %s',
    when:
      'The body could not be parsed as JSON, or is not UTF-8, or is empty while declared as JSON on an operation that ' +
      'needs a body (an empty body is no body where none is needed, as on the order actions).',
  },
  invalid_cursor: {
    status: 400,
    message: 'The cursor is invalid: %s',
    when: 'The `cursor` query parameter was not issued by this service for this listing, or was altered.',
  },
  unknown_event_type: {
    status: 400,
    message: 'Unknown event type filter %s: give one of %s',
    when: 'The `type` filter of `GET /v1/events` names no event type: give an exact type such as `pet.created`, or `pet.*` or `order.*`.',
  },
  bad_request: {
    status: 400,
    message: 'Bad request: %s',
    when:
      'The HTTP request itself is malformed: a path that is not valid percent-encoding, or a request Node’s HTTP ' +
      'parser refuses (a bad or doubled Content-Length, Content-Length with Transfer-Encoding, a control character ' +
      'in a header, a header line without a colon, a bad chunk size, a method not in capitals), or an HTTP/1.1 ' +
      'request without a Host header; the connection is then closed.',
  },
  authentication_required: {
    status: 401,
    message: 'An `Authorization: Bearer <API key>` header is required: %s',
    when: 'No `Authorization: Bearer <key>` header, or one in another form.',
  },
  invalid_api_key: {
    status: 401,
    message: 'The API key %s',
    when: 'The key is malformed, fails its checksum, or is unknown.',
  },
  api_key_revoked: {
    status: 401,
    message: 'This API key was revoked',
    when: 'The key was revoked with `petstore keys revoke`.',
  },
  api_key_wrong_environment: {
    status: 401,
    message:
      'This is a %s key (%s); this is the %s deployment, which takes %s keys. Send it to the %s base URL instead',
    when: 'A staging key (`pet_test_`) was sent to production, or a production key (`pet_live_`) to staging.',
  },
  api_key_expired: {
    status: 401,
    message: 'This API key expired at %s',
    when: 'The key’s expiry time has passed (`petstore keys set-expiry`); use its replacement (docs/security.md).',
  },
  insufficient_scope: {
    status: 403,
    message: 'This API key lacks the scope this operation needs: %s',
    when:
      'The key is valid but does not hold a scope that allows the operation; the message and `WWW-Authenticate` ' +
      'name the scope needed (docs/security.md).',
  },
  cors_disabled: {
    status: 403,
    message:
      'Cross-origin requests are off on this deployment: its operator allows origins with PETSTORE_CORS_ORIGINS ' +
      '(for example https://shelter.example), then restarts it',
    when:
      'A browser’s CORS preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) while CORS is off, ' +
      'as it is by default; a request with no such headers gets the usual 401 without a key (docs/security.md).',
  },
  pet_not_found: {
    status: 404,
    message: 'No pet with id %s',
    when: 'The pet does not exist, or was removed: GET, PATCH or DELETE /pets/{petId}, or the `petId` of a new order.',
  },
  photo_not_found: {
    status: 404,
    message: 'No photo %s',
    when:
      'The photo does not exist, was removed (with its animal or alone), or is not one of this animal’s; or the size ' +
      'in a photo URL is not `small`, `medium`, `large` or `full`.',
  },
  order_not_found: {
    status: 404,
    message: 'No order with id %s',
    when: 'The order does not exist, or was placed by another key and the caller does not manage all orders.',
  },
  application_not_found: {
    status: 404,
    message: 'No application with id %s',
    when: 'The application named in the path does not exist.',
  },
  category_not_found: {
    status: 404,
    message: 'No category with id %s',
    when: 'The category named in the path does not exist; `GET /v1/categories` lists those that do.',
  },
  category_exists: {
    status: 409,
    message: 'A category named %s already exists (id %s); names are compared case-insensitively',
    when: 'A category was added, or one renamed, with the name of another, in any case (`dog` and `Dog` are one name).',
  },
  breed_exists: {
    status: 409,
    message: 'Category %s already has the breed %s (id %s); names are compared case-insensitively',
    when: 'A breed was added to a category that has a breed of that name, in any case.',
  },
  pet_not_available: {
    status: 409,
    message: 'Pet %s cannot be ordered: its status is %s, and only an available pet can be',
    when: 'An order was placed for a pet that is `pending` or `sold` (it has an open order, or was adopted).',
  },
  application_exists: {
    status: 409,
    message: 'This applicant already has an open application for %s: withdraw it or wait for its decision',
    when:
      'An application was submitted with the email (compared case-insensitively) and `petId` of one that is ' +
      '`submitted`, `in_review` or `approved`.',
  },
  application_status_conflict: {
    status: 409,
    message: 'Cannot %s application %s: %s; actions allowed from there: %s',
    when:
      'The transition table (docs/applications.md) does not allow the action from the application’s current status, ' +
      'or the application was erased, or it names no animal to approve it for.',
  },
  application_form_invalid: {
    status: 400,
    message: 'Invalid application form: %s',
    when: 'A `PUT /v1/application-form` whose question ids repeat, or whose options do not fit the question types.',
  },
  pet_has_open_order: {
    status: 409,
    message: 'Pet %s has an open order, %s: settle or cancel it first',
    when: 'A PATCH of a pet’s `status`, or its removal, while an order for it is placed or approved: the order moves the pet’s status.',
  },
  too_many_photos: {
    status: 409,
    message: 'Pet %s already has %s photos, the most an animal may have: remove one first',
    when: `An upload to an animal that has as many photos as \`${photosPerPet.env}\` allows (${photosPerPet.schema.default} by default).`,
  },
  precondition_failed: {
    status: 412,
    message: 'Pet %s has changed: its ETag is now %s; fetch it again and reapply the change',
    when: 'A PATCH with `If-Match` named an ETag that is no longer the pet’s: someone changed it since it was read. Nothing was changed.',
  },
  order_status_conflict: {
    status: 409,
    message: 'Cannot %s order %s: its status is %s; actions allowed from there: %s',
    when: 'The transition table (docs/orders.md) does not allow the action from the order’s current status.',
  },
  route_not_found: {
    status: 404,
    message: 'No route %s',
    when: 'The path is not part of the interface.',
  },
  method_not_allowed: {
    status: 405,
    message: 'Method %s is not allowed on %s; allowed: %s',
    when: 'The path exists but not with this method; the `Allow` header lists the methods it takes.',
  },
  uri_too_long: {
    status: 414,
    message: 'A path segment is longer than %s characters',
    when: `A path parameter is longer than any valid value could be (${maxParamLength} characters); the path is not echoed back.`,
  },
  payload_too_large: {
    status: 413,
    message: 'The request body is larger than the limit of %s bytes',
    when:
      `The body exceeds the limit set by \`${settings.bodyLimit.env}\`, in bytes (${kib(defaultBodyLimit)} by default); ` +
      `a photo upload, the one set by \`${photoUploadLimit.env}\` (${mib(photoUploadLimit.schema.default)} by default).`,
  },
  headers_too_large: {
    status: 431,
    message: 'The request line and headers are larger than the limit of %s bytes',
    when: `The request line and headers together exceed Node’s limit (${kib(maxHeaderSize)}); the connection is closed.`,
  },
  request_timeout: {
    status: 408,
    message: 'The request did not arrive whole within %s ms',
    when:
      `The request, headers and body, was not received whole within \`${requestTimeout.env}\` ` +
      `(${requestTimeout.schema.default / 1000} s by default), as when a client sends it a byte at a time; the ` +
      'connection is closed.',
  },
  unsupported_media_type: {
    status: 415,
    message: 'Content-Type must be application/json, got %s',
    when: 'A body was sent with a Content-Type other than `application/json`.',
  },
  unsupported_image: {
    status: 415,
    message:
      'The body is not an image this operation takes: %s. Send a JPEG, PNG, WebP or AVIF image, with its own Content-Type',
    when:
      'A photo upload whose bytes are not JPEG, PNG, WebP or AVIF (SVG is refused: it can carry scripts), or are another ' +
      'of them than its `Content-Type` says, or whose `Content-Type` is not one of the four. The type is read from the bytes.',
  },
  invalid_image: {
    status: 400,
    message: 'The image cannot be read: %s',
    when: 'A photo upload in a format taken, but truncated or corrupt, or empty.',
  },
  image_too_large: {
    status: 422,
    message: 'The image has too many pixels: %s, over the cap of %s',
    when:
      `A photo upload whose header declares more pixels than \`${photoMaxPixels.env}\` allows ` +
      `(${photoMaxPixels.schema.default / 1e6} megapixels by default): refused before it is decoded, as a decompression bomb would be.`,
  },
  service_unavailable: {
    status: 503,
    message: 'The service is temporarily unavailable: %s',
    when:
      'The database cannot be reached, or the instance is shutting down, or (PostgreSQL with Redis) a write cannot ' +
      'be announced to the other instances because Redis cannot be reached, or an upload found every image ' +
      'processing slot of the instance busy and its queue full or its wait over, or the process that re-encoded ' +
      'it stopped. Retry after `Retry-After`.',
  },
  rate_limited: {
    status: 429,
    message: 'Rate limit exceeded: %s; retry after %s s',
    when:
      'A window of the quota is used up: the key’s plan, or the anonymous budget of the client address for requests ' +
      'without a valid key. The message names the window; wait for `Retry-After` (docs/rate-limits.md).',
  },
  api_key_banned: {
    status: 429,
    message:
      'This API key is temporarily banned until %s for going on after rate-limit errors; retry after %s s',
    when:
      'The key went on sending requests after 429s and is banned for a while that grows with each repeat; ' +
      '`Retry-After` runs to the end of the ban.',
  },
  idempotency_key_in_flight: {
    status: 409,
    message:
      'A request with this Idempotency-Key is still being processed (waited %s ms); retry with the same key after Retry-After',
    when: 'A retry arrived while the first request with its Idempotency-Key was still running, and it did not finish in time.',
    retryAfterSeconds: 1,
  },
  idempotency_key_reused: {
    status: 422,
    message:
      'This Idempotency-Key was already used with a different request; use a new key for a new request',
    when: 'An Idempotency-Key was sent again, while it is remembered (24 hours by default), with a body that differs from its first request.',
  },
  internal_error: {
    status: 500,
    message: 'An unexpected error occurred; quote the request id %s when reporting it',
    when: 'A fault in the service. It is logged with its request id; no detail is returned.',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** Codes a client may see on a given HTTP status, for response descriptions in the OpenAPI document. */
export const codesForStatus = (status: number): ErrorCode[] =>
  errorCodes.filter((code) => errorCatalogue[code].status === status);
