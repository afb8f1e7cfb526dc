// Compiles the service to dist/ before a run, so that what is measured is the code in the work tree.
import { spawnSync } from 'node:child_process';

export function buildService(): void {
  console.log('Building the service (npm run build)...');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
}
