// How the names of categories and breeds compare: one key for "the same name, whatever its case", and the
// order a list of them is read in. Apart from their schemas (category.ts): the store and the CLI read these
// without loading TypeBox.

export const catalogNameLimits = { minLength: 1, maxLength: 100 } as const;

/** A category or a breed: what the catalogue's lists hold. */
export interface CatalogEntry {
  id: number;
  name: string;
}

/**
 * The key two names are compared by: equal keys name the same category or breed. Computed here rather than by
 * the database, so that SQLite and PostgreSQL agree. Upper- then lower-casing folds what lower-casing alone
 * misses (`ß` and `SS`, `ς` and `σ`); NFC makes a composed `é` and `e` with a combining accent the same.
 */
export const catalogNameKey = (name: string): string => name.toUpperCase().toLowerCase().normalize('NFC');

// Accents and case count after the letters, and numbers by value (`Breed 2` before `Breed 10`), on any backend.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The order of a breed list: by name as a reader sorts it, then by id. */
export const byCatalogName = (a: CatalogEntry, b: CatalogEntry): number =>
  collator.compare(a.name, b.name) || a.id - b.id;
