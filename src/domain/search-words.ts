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

/** Every word of `texts`, in order, repeats included. */
const allWordsOf = (texts: ReadonlyArray<string | null>): string[] =>
  texts.flatMap((text) =>
    text ? [...foldText(text).matchAll(wordPattern)].map(([word]) => word.slice(0, maxWordLength)) : [],
  );

/** The distinct words of `texts`, in the order they first appear. */
export const wordsOf = (texts: ReadonlyArray<string | null>): string[] => [...new Set(allWordsOf(texts))];

/**
 * The words of a query: each must match a word of the pet, and the last one, as written, also matches as a
 * prefix. Repeats are dropped only after the last word is taken: in `cat tab cat`, `cat` is the prefix and
 * `tab` must still be a whole word. A query with no word in it (only punctuation or emoji, say) has none,
 * and matches no pet.
 */
export function queryWords(q: string): { words: string[]; prefix: string | undefined } {
  const all = allWordsOf([q]);
  const prefix = all.at(-1);
  return { words: [...new Set(all.slice(0, -1))], prefix };
}
