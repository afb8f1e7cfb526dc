// The `rel="next"` target of an RFC 8288 Link header, as the service sends it on paginated listings.

/** The URL of the link with `rel="next"`, or undefined. */
export function nextLink(header: string | null): string | undefined {
  for (const link of header?.split(/,(?=\s*<)/) ?? []) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (match && /;\s*rel="?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2]!)) return match[1];
  }
  return undefined;
}
