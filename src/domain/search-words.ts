// The words of a pet that `q` searches, and the words of a query: one rule, applied here in the service for
// both, so that SQLite and PostgreSQL index and match exactly the same strings (docs/search.md). A word is a
// run of letters and digits (any script), case-folded and with its accents taken off: `Zoé` is `zoe`.

const wordPattern = /[\p{L}\p{N}]+/gu;
const marks = /\p{M}/gu;

/** Text as it is indexed and searched: compatibility-decomposed, marks removed, lower-cased. */
export const foldText = (text: string): string => text.normalize('NFKD').replace(marks, '').toLowerCase();

/**
 * The most UTF-8 bytes one character folds to, quoted in JSON: U+FDFA, whose compatibility decomposition is 18
 * characters (test/domain/folded-bytes.test.ts checks every character). It bounds what a sort key holds.
 */
export const maxFoldedBytesPerCharacter = 33;

/** The longest word kept: longer runs are cut, in the index and in queries alike, so that both agree. */
const maxWordLength = 100;

/** The distinct words of `texts`, in the order they first appear. */
export function wordsOf(texts: ReadonlyArray<string | null>): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (text)
      for (const [word] of foldText(text).matchAll(wordPattern)) words.add(word.slice(0, maxWordLength));
  }
  return [...words];
}

/**
 * The words of a query: each must match a word of the pet, and the last also matches as a prefix. A query
 * with no word in it (only punctuation or emoji, say) has none, and matches no pet.
 */
export function queryWords(q: string): { words: string[]; prefix: string | undefined } {
  const all = wordsOf([q]);
  return { words: all.slice(0, -1), prefix: all.at(-1) };
}
