// Reads a V8 .cpuprofile (as `node --cpu-prof` writes it) and sums self time per function and per package.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  /** Microseconds between a sample and the one before it. */
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  /** Where the function is: package, file and line, or the kind of V8 pseudo-function. */
  where: string;
  area: string;
  selfMs: number;
  /** Share of the time the process was not idle. */
  percent: number;
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  functions: SelfTime[];
  areas: { area: string; selfMs: number; percent: number }[];
}

const pseudo = new Set(['(program)', '(garbage collector)', '(idle)', '(root)']);

/** The package or part a script belongs to: a dependency's name, `node`, `petstore`, or `native`. */
export function areaOf({ functionName, url }: CallFrame): string {
  if (pseudo.has(functionName)) return functionName;
  if (!url) return 'native';
  if (url.startsWith('node:')) return 'node';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (dependency) return dependency[1]!;
  if (url.includes('/dist/') || url.includes('/src/')) return 'petstore';
  return 'other';
}

function whereOf(frame: CallFrame): string {
  if (pseudo.has(frame.functionName)) return 'V8';
  if (!frame.url) return 'native code';
  const path = frame.url.replace(/^file:\/\//, '');
  const short = /node_modules\/(.*)$/.exec(path)?.[1] ?? /\/((?:dist|src)\/.*)$/.exec(path)?.[1] ?? path;
  return `${short}:${frame.lineNumber + 1}`;
}

export function summarizeProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfUs = new Map<number, number>();
  // A sample stands for the time until the next one was taken.
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });

  const byFunction = new Map<string, { name: string; where: string; area: string; us: number }>();
  const byArea = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const frame = frames.get(id)!;
    totalUs += us;
    if (frame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const where = whereOf(frame);
    const name = frame.functionName || '(anonymous)';
    const key = `${name} ${where}`;
    const entry = byFunction.get(key) ?? { name, where, area: areaOf(frame), us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
    byArea.set(entry.area, (byArea.get(entry.area) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs || 1;
  const share = (us: number) => Math.round((1000 * us) / busyUs) / 10;
  return {
    totalMs: Math.round(totalUs / 1000),
    idleMs: Math.round(idleUs / 1000),
    functions: [...byFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map(({ name, where, area, us }) => ({
        name,
        where,
        area,
        selfMs: Math.round(us / 1000),
        percent: share(us),
      })),
    areas: [...byArea.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([area, us]) => ({ area, selfMs: Math.round(us / 1000), percent: share(us) })),
  };
}
