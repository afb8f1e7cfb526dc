// The rule on control characters in text fields, one for every field so that they cannot drift apart:
// Unicode category Cc, U+0000–U+001F and U+007F–U+009F (the C0 and C1 controls and DEL). Patterns are
// Unicode-aware (the OpenAPI document's and Ajv's alike), so `\p{Cc}` is the whole category.

/** A single-line text, such as a name: no control character at all. */
export const noControlCharacters = {
  pattern: '^[^\\p{Cc}]*$',
  'x-pattern-rule': 'must not contain control characters',
} as const;

/** Free text, such as a note: lines are kept, so newline (U+000A) is the one control character allowed. */
export const noControlCharactersButNewline = {
  pattern: '^[\\n\\P{Cc}]*$',
  'x-pattern-rule': 'must not contain control characters other than newline',
} as const;
