// Which names of a list someone probably meant when the name they gave is in none: for a refusal's message.
import { distance } from 'fastest-levenshtein';
import { caseKey } from './case-key.js';

/**
 * How far `wanted` (a key) is from `name`: the fewest single-character edits that turn it into the whole name,
 * into one of its words, or into its beginning, case aside; so `labrdor` is 1 from `Labrador Retriever` (its
 * first word) and `german shepard` 2 from `German Shepherd Dog` (its beginning). And from the whole name alone,
 * which ranks `Terrier` before `Airedale Terrier` for `terier`.
 */
function editsTo(wanted: string, name: string): { nearest: number; whole: number } {
  const key = caseKey(name);
  const whole = distance(wanted, key);
  const parts = [key.slice(0, wanted.length), ...key.split(/\s+/)];
  return { nearest: Math.min(whole, ...parts.map((part) => distance(wanted, part))), whole };
}

/**
 * Up to `max` names of `names` close to `wanted`, closest first: within a third of its length in edits (at
 * least one edit), ties in the order of `names`.
 */
export function closeMatches(wanted: string, names: readonly string[], max = 3): string[] {
  const key = caseKey(wanted);
  const allowed = Math.max(1, Math.floor(key.length / 3));
  return names
    .map((name) => ({ name, ...editsTo(key, name) }))
    .filter(({ nearest }) => nearest <= allowed)
    .sort((a, b) => a.nearest - b.nearest || a.whole - b.whole)
    .slice(0, max)
    .map(({ name }) => name);
}
