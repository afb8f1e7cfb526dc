// How long the key's plan makes an import take, said before a long one gets going: the windows come from the
// first answer's RateLimit-Policy and RateLimit headers (IETF draft, on every /v1 answer, whatever the key's
// scopes), so any key can learn its own limits without an administrator.
import { parseList } from 'structured-headers';

interface Window {
  /** Requests allowed in the window. */
  quota: number;
  /** Its length in seconds. */
  seconds: number;
  /** Requests left in it, when the answer said. */
  left?: number;
}

export interface KeyWindows {
  /** The shortest window, which paces the import (a minute). */
  pacing: Window;
  /** The longest window, whose quota can stop it (a day). */
  capping: Window;
}

const numberParam = (params: Map<string, unknown>, name: string): number | undefined => {
  const value = params.get(name);
  return typeof value === 'number' ? value : undefined;
};

/** Name → parameters of each item of a structured list header; empty when it is absent or malformed. */
function itemsOf(header: string | null): Map<string, Map<string, unknown>> {
  try {
    return new Map(header ? parseList(header).map(([item, params]) => [String(item), params]) : []);
  } catch {
    return new Map();
  }
}

/** The key's windows as an answer reports them; undefined when it carries no RateLimit-Policy (limits off). */
export function windowsOf(headers: { get(name: string): string | null }): KeyWindows | undefined {
  const left = itemsOf(headers.get('ratelimit'));
  const windows: Window[] = [];
  for (const [name, params] of itemsOf(headers.get('ratelimit-policy'))) {
    const quota = numberParam(params, 'q');
    const seconds = numberParam(params, 'w');
    if (quota === undefined || seconds === undefined || quota <= 0) continue;
    const remaining = left.get(name) && numberParam(left.get(name)!, 'r');
    windows.push({ quota, seconds, ...(remaining !== undefined ? { left: remaining } : {}) });
  }
  if (windows.length === 0) return undefined;
  windows.sort((a, b) => a.seconds - b.seconds);
  return { pacing: windows[0]!, capping: windows.at(-1)! };
}

const count = (n: number) => n.toLocaleString('en');
const rate = ({ quota, seconds }: Window) =>
  seconds === 60 ? `${count(quota)}/min` : `${count(quota)} per ${count(seconds)} s`;
const duration = (seconds: number) =>
  seconds < 7200
    ? `about ${Math.max(1, Math.round(seconds / 60))} min`
    : `about ${(seconds / 3600).toFixed(1)} h`;
const windowName = ({ seconds }: Window) => (seconds === 86_400 ? 'day' : `${count(seconds)} s window`);

/**
 * What the key's windows make of an import of about `rows` rows, e.g. "5,000 rows at 60/min: about 83 min;
 * the day's quota of 1,000 will stop it at row 1,000"; undefined when the key's windows hold it back less than
 * a minute (a short import is not worth a line).
 */
export function estimateOf(rows: number, { pacing, capping }: KeyWindows): string | undefined {
  const capped = capping !== pacing && rows > (capping.left ?? capping.quota);
  const seconds = (rows / pacing.quota) * pacing.seconds;
  if (seconds < 60 && !capped) return undefined;
  const took = `${count(rows)} rows at ${rate(pacing)}: ${duration(seconds)}`;
  if (!capped) return took;
  const stopAt = capping.left ?? capping.quota;
  const left =
    capping.left !== undefined && capping.left < capping.quota ? ` (${count(capping.left)} left)` : '';
  return `${took}; the ${windowName(capping)}'s quota of ${count(capping.quota)}${left} will stop it at row ${count(stopAt)}`;
}
