// What an `If-Match` header asks (RFC 9110, 13.1.1), once parsed: a list of strong entity tags, or `*`.

export type IfMatch = readonly string[] | '*';

/** Whether `etag` satisfies the condition; no condition is satisfied by any. */
export const satisfies = (ifMatch: IfMatch | undefined, etag: string): boolean =>
  ifMatch === undefined || ifMatch === '*' || ifMatch.includes(etag);
