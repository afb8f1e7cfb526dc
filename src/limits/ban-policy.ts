// How long a key is banned for going on after 429s: a first ban, doubling on each repeat offence up to a
// ceiling. Offences are forgotten once the ceiling has passed since the last ban ended.

export interface BanPolicy {
  /** Rejected requests within `windowSeconds` that get a key banned. */
  threshold: number;
  windowSeconds: number;
  firstSeconds: number;
  maxSeconds: number;
}

export interface BanRecord {
  /** End of the current or last ban, Unix epoch milliseconds; null when none. */
  bannedUntil: number | null;
  offences: number;
}

export function nextBan(
  previous: BanRecord,
  now: number,
  policy: BanPolicy,
): { until: number; offences: number } {
  const remembered = previous.bannedUntil !== null && now - previous.bannedUntil < policy.maxSeconds * 1000;
  const offences = (remembered ? previous.offences : 0) + 1;
  const seconds = Math.min(policy.firstSeconds * 2 ** (offences - 1), policy.maxSeconds);
  return { until: now + seconds * 1000, offences };
}
