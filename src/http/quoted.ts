// What a message quotes of the request (a path, a name, a filter) is cut to a bounded length, so that a
// small request never makes a large answer or log line; key-shaped text in it is masked by ApiError.

/** The longest path quoted whole, and the longest name (of a parameter, a field, a filter). */
export const quotedLength = { path: 100, name: 50 } as const;

/** `text`, or its first `max` characters and an ellipsis. */
export const cutToQuote = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max)}…` : text;
