// wrk when it is installed (unless told otherwise), autocannon from node_modules otherwise.
import { autocannonGenerator } from './autocannon-generator.js';
import type { LoadGenerator } from './load-generator.js';
import { wrkGenerator, wrkVersion } from './wrk-generator.js';

export function chooseGenerator(choice: 'auto' | 'wrk' | 'autocannon'): LoadGenerator {
  const version = choice === 'autocannon' ? undefined : wrkVersion();
  if (choice === 'wrk' && !version) throw new Error('--generator wrk: wrk is not installed');
  return version ? wrkGenerator(version) : autocannonGenerator;
}
