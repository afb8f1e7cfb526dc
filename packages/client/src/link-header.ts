// The targets of an RFC 8288 Link header, as the service sends it on paginated listings: `rel="next"` while
// more follow, `rel="resume"` on the last page of a listing that can be resumed later.

/** The URL of the link with relation `rel` (`next`, `resume`), or undefined. */
export function linkTarget(header: string | null, rel: 'next' | 'resume'): string | undefined {
  const relation = new RegExp(`;\\s*rel="?([^";]*\\s)?${rel}(\\s[^";]*)?"?\\s*(;|$)`, 'i');
  for (const link of header?.split(/,(?=\s*<)/) ?? []) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (match && relation.test(match[2]!)) return match[1];
  }
  return undefined;
}
