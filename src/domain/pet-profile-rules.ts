// The rules of a profile that its schema cannot state: they depend on today's date, or compare values
// with one another. Each broken rule is described in words that name the field.
import { caseKey } from './case-key.js';
import { earliestBirthDate } from './pet-profile-values.js';

/**
 * The latest birth date taken at `now`: today where the day is furthest ahead (UTC+14), so that a shelter
 * anywhere can record an animal born on its today.
 */
const latestBirthDate = (now: number) => new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);

/** What is wrong with these fields of a profile, naming the field; undefined when nothing is. */
export function brokenProfileRule(
  { birthDate, tags }: { birthDate?: string | null; tags?: readonly string[] | null },
  now: number,
): string | undefined {
  if (birthDate && birthDate < earliestBirthDate)
    return `birthDate ${birthDate} is before ${earliestBirthDate}`;
  if (birthDate && birthDate > latestBirthDate(now)) return `birthDate ${birthDate} is in the future`;
  if (tags) {
    const seen = new Map<string, string>();
    for (const tag of tags) {
      const twin = seen.get(caseKey(tag));
      if (twin !== undefined) return `tags must be unique whatever their case: "${twin}" and "${tag}"`;
      seen.set(caseKey(tag), tag);
    }
  }
  return undefined;
}
