// The outcomes that rows of every area of the api-scenarios table share: the request parts and the answers.
export const json = { 'content-type': 'application/json' };
/** A path id longer than any id: 414 before the router looks at it. */
export const tooLong = '9'.repeat(200);
export const forbidden = { expectedStatus: 403, expectedCode: 'insufficient_scope' } as const;
export const noKey = { key: 'none', expectedStatus: 401, expectedCode: 'authentication_required' } as const;
export const invalid = { expectedStatus: 400, expectedCode: 'validation_failed' } as const;
export const tooLarge = { expectedStatus: 413, expectedCode: 'payload_too_large' } as const;
export const uriTooLong = { expectedStatus: 414, expectedCode: 'uri_too_long' } as const;
export const plainText = {
  headers: { 'content-type': 'text/plain' },
  body: 'x',
  expectedStatus: 415,
  expectedCode: 'unsupported_media_type',
} as const;
