// Operations on their way out: when each was deprecated and when it goes. The route's headers and OpenAPI
// description and the CLI's help all read these dates.

/** `GET /pets/{petId}` (getPet), replaced by `GET /pets` with the `status` filter. */
export const getPetRetirement = {
  deprecatedAt: new Date('2026-01-01T00:00:00Z'),
  sunsetAt: new Date('2030-12-05T00:00:00Z'),
} as const;

/** A day as the docs write it: `5 December 2030`. */
export const dayInWords = (date: Date): string =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
