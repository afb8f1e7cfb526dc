// Where the service's log lines go: JSON lines, one object each, for log collectors; readable lines when
// standard output is a terminal, as pino-pretty users expect. Redaction happens in pino before a line is
// written, so the readable lines mask the same fields. pino-pretty is loaded only for a terminal.
import type { DestinationStream } from 'pino';

/** The readable stream when `output` is a terminal (undefined: pino's own JSON to standard output). */
export async function logStreamFor(
  output: NodeJS.WriteStream & { isTTY?: boolean } = process.stdout,
): Promise<DestinationStream | undefined> {
  if (!output.isTTY) return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({ destination: output, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true });
}
