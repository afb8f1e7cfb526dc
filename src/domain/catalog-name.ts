// The names of categories and breeds: their limits and the order a list of them is read in (two names are the
// same by case-key.ts). Apart from their schemas (category.ts): the store and the CLI read these without
// loading TypeBox.

export const catalogNameLimits = { minLength: 1, maxLength: 100 } as const;

/** A category or a breed: what the catalogue's lists hold. */
export interface CatalogEntry {
  id: number;
  name: string;
}

// Accents and case count after the letters, and numbers by value (`Breed 2` before `Breed 10`), on any backend.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The order of a breed list: by name as a reader sorts it, then by id. */
export const byCatalogName = (a: CatalogEntry, b: CatalogEntry): number =>
  collator.compare(a.name, b.name) || a.id - b.id;
