// What a baseline or peer server takes from the harness that starts it (bench/lib/server-process.ts): its
// port, and SIGTERM as the signal to end.

/** The port given as `--port N`, as the harness starts every server. */
export function portArgument(argv: string[] = process.argv): number {
  const at = argv.indexOf('--port');
  const port = Number(argv[at + 1]);
  if (at < 0 || !Number.isInteger(port)) throw new Error('usage: ... --port N');
  return port;
}

/**
 * Exits cleanly on SIGTERM, as the service does: killed by the signal, `node --cpu-prof` would write no
 * profile, and `npm run bench:profile -- --scenario fastify-static` profiles a baseline like the service.
 */
export function exitOnSigterm(): void {
  process.once('SIGTERM', () => process.exit(0));
}
