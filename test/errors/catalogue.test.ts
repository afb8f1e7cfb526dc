// Pins the error catalogue: a code's name and status are part of the interface clients program against.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorCatalogue } from '../../src/errors/catalogue.js';
import { ApiError } from '../../src/errors/api-error.js';

const pinned: Record<string, number> = {
  validation_failed: 400,
  low_contrast: 400,
  malformed_json: 400,
  invalid_cursor: 400,
  unknown_event_type: 400,
  bad_request: 400,
  authentication_required: 401,
  invalid_api_key: 401,
  api_key_revoked: 401,
  api_key_wrong_environment: 401,
  api_key_expired: 401,
  insufficient_scope: 403,
  cors_disabled: 403,
  pet_not_found: 404,
  photo_not_found: 404,
  order_not_found: 404,
  application_not_found: 404,
  category_not_found: 404,
  category_exists: 409,
  breed_exists: 409,
  pet_not_available: 409,
  pet_has_open_order: 409,
  too_many_photos: 409,
  precondition_failed: 412,
  order_status_conflict: 409,
  application_exists: 409,
  application_status_conflict: 409,
  application_form_invalid: 400,
  route_not_found: 404,
  method_not_allowed: 405,
  uri_too_long: 414,
  payload_too_large: 413,
  headers_too_large: 431,
  request_timeout: 408,
  unsupported_media_type: 415,
  unsupported_image: 415,
  invalid_image: 400,
  image_too_large: 422,
  service_unavailable: 503,
  rate_limited: 429,
  api_key_banned: 429,
  idempotency_key_in_flight: 409,
  idempotency_key_reused: 422,
  internal_error: 500,
};

test('the catalogue holds exactly the pinned codes with their statuses', () => {
  const actual = Object.fromEntries(
    Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.status]),
  );
  assert.deepEqual(actual, pinned);
});

test('every entry has a message that names the problem, a description, and a snake_case code', () => {
  for (const [code, entry] of Object.entries(errorCatalogue)) {
    assert.match(code, /^[a-z]+(_[a-z]+)*$/);
    assert.ok(entry.message.length > 0 && entry.when.length > 0, code);
    // A message of placeholders alone would leave the whole wording to each place that raises the error.
    assert.match(entry.message.replaceAll('%s', ''), /\p{L}{3}/u, code);
  }
});

test('an ApiError fills its message template and carries the spec Error body', () => {
  const error = new ApiError('pet_not_found', 42);
  assert.deepEqual(error.toBody(), { code: 'pet_not_found', message: 'No pet with id 42', status: 404 });
});
