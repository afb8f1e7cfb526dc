// The one rule for "the same name, whatever its case": category and breed names in the catalogue, the breed
// rule and the `breed` filter, and tags. Computed here rather than by the database, so that SQLite and
// PostgreSQL agree (docs/categories.md).

/**
 * The key two names are compared by: equal keys name the same thing. Lower-, upper- then lower-casing folds
 * what lower-casing alone misses (`ß`, `ẞ` and `SS`; `ς` and `σ`); NFC makes a composed `é` and `e` with a
 * combining accent the same.
 */
export const caseKey = (text: string): string =>
  text.toLowerCase().toUpperCase().toLowerCase().normalize('NFC');
