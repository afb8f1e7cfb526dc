// A log destination for an app under test that keeps every line, parsed.
import { Writable } from 'node:stream';

export interface LogLine {
  level: number;
  msg: string;
  err?: { message: string; stack?: string };
  /** The line's other fields. */
  [field: string]: unknown;
}

export function logLines(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { stream, lines };
}
