// Imports a file of pets through the SDK: rows go out `concurrency` at a time as the file is read, each with
// an Idempotency-Key derived from the file and its line, so a second run after an interruption creates
// nothing twice. Rows the service refuses go to the report and the rest go on; a failure that no row can get
// past (a bad key, the service gone, a rate limit too long to wait for) stops the run.
import {
  PetstoreClient,
  PetstoreError,
  type NewPet,
  type PetstoreClientOptions,
  type TransportAnswer,
} from '@petstore/client';
import { wordingOf } from '../client-options.js';
import { httpTransport } from './http-transport.js';
import { contentHash, rowKey } from './import-keys.js';
import { importReport, type RejectedRow } from './import-report.js';
import type { BulkFormat } from './bulk-format.js';
import { readRows, type InputRow } from './import-rows.js';
import { ratePacer, WaitTooLong } from './rate-pacer.js';

export interface ImportOptions {
  file: string;
  format: BulkFormat;
  concurrency: number;
  reportPath: string;
  /** Longest the import waits for a rate limit to pass before it stops (and can be resumed later). */
  maxWaitMs: number;
  /** The client to send with, given the pacing of its attempts and the transport that spots replays. */
  client(options: Pick<PetstoreClientOptions, 'transport' | 'maxDelayMs' | 'beforeAttempt'>): PetstoreClient;
  onProgress?(progress: ImportProgress): void;
  /** Told when the rows stop going out for a second or more, waiting for the key's rate limit. */
  onWait?(ms: number): void;
}

export interface ImportProgress {
  /** Bytes of the file read so far. */
  bytes: number;
  created: number;
  /** Rows an earlier run had already created: the service replayed their answer. */
  alreadyImported: number;
  rejected: number;
}

export interface ImportSummary extends Omit<ImportProgress, 'bytes'> {
  file: string;
  format: BulkFormat;
  rows: number;
  /** The report file, when some row was rejected. */
  report: string | null;
}

/** Statuses that condemn one row only; any other failure would fail every row after it too. */
const rowFailure = (status: number) =>
  status >= 400 && status < 500 && ![401, 403, 404, 429].includes(status);

export async function importPets(options: ImportOptions): Promise<ImportSummary> {
  const { file, format, concurrency, reportPath, maxWaitMs } = options;
  const fileHash = await contentHash(file);
  const pacer = ratePacer(maxWaitMs, Date.now, options.onWait);
  const replayed = new Set<string>();
  const transport = httpTransport(concurrency);
  const client = options.client({
    maxDelayMs: maxWaitMs,
    // Before the attempt's time limit starts: waiting for the budget to reset can outlast that limit.
    beforeAttempt: () => pacer.ready(),
    transport: async (request) => {
      let answer: TransportAnswer;
      try {
        answer = await transport.send(request);
      } catch (error) {
        pacer.failed();
        throw error;
      }
      pacer.observe(answer);
      if (answer.headers.get('idempotent-replayed') === 'true') {
        replayed.add(request.headers.get('idempotency-key') ?? '');
      }
      return answer;
    },
  });
  const report = importReport(reportPath);
  const progress: ImportProgress = { bytes: 0, created: 0, alreadyImported: 0, rejected: 0 };
  let rows = 0;
  let stopped: Error | undefined;

  const reject = async (rejected: RejectedRow) => {
    progress.rejected++;
    await report.add(rejected);
  };

  async function send({ row, pet }: InputRow): Promise<void> {
    if ('unreadable' in pet) {
      const error = { code: 'unreadable_row', message: pet.unreadable as string, status: 0 };
      return reject({ row, error, input: null });
    }
    const idempotencyKey = rowKey(fileHash, row);
    for (;;) {
      try {
        await client.createPet(pet as NewPet, { idempotencyKey });
        if (replayed.delete(idempotencyKey)) progress.alreadyImported++;
        else progress.created++;
        return;
      } catch (error) {
        if (!(error instanceof PetstoreError)) throw error;
        // The pacer would not wait that long (beforeAttempt): the SDK gives its error as the cause.
        const tooLong = error.cause instanceof WaitTooLong ? error.cause : undefined;
        if (tooLong) throw stopAt(row, `${tooLong.message}, longer than --max-wait`, tooLong.waitMs);
        // Still rate limited after the SDK's own retries: wait with every other row, then send it again.
        if (error.status === 429 && pacer.waitMs() <= maxWaitMs) continue;
        if (!rowFailure(error.status))
          throw stopAt(
            row,
            wordingOf(error),
            error.status === 429 ? pacer.waitMs() : 0,
            remedies[error.status],
          );
        const { code, message, status, requestId } = error;
        return reject({ row, error: { code, message, status, requestId }, input: pet });
      }
    }
  }

  const inFlight = new Set<Promise<void>>();
  // Waiting for a free slot with `Promise.race(inFlight)` would add a reaction to every row in flight for
  // each row read: 50 per row at 50 in flight, about a tenth of the import's CPU (docs/benchmarks.md).
  let slotFreed: (() => void) | undefined;
  try {
    for await (const input of readRows(file, format)) {
      if (stopped) break;
      rows++;
      progress.bytes = input.bytes || progress.bytes;
      const sending: Promise<void> = send(input)
        .catch((error: Error) => void (stopped ??= error))
        .finally(() => {
          inFlight.delete(sending);
          slotFreed?.();
          options.onProgress?.(progress);
        });
      inFlight.add(sending);
      if (inFlight.size >= concurrency) await new Promise<void>((resolve) => (slotFreed = resolve));
    }
  } finally {
    await Promise.all(inFlight);
    transport.close();
    await report.close();
  }
  if (stopped) throw stopped;
  const { created, alreadyImported, rejected } = progress;
  return { file, format, rows, created, alreadyImported, rejected, report: rejected ? reportPath : null };
}

/** What to put right first, for the statuses that stop every rerun until the user does. */
const remedies: Partial<Record<number, string>> = {
  401: 'Use a valid key (--api-key or PETSTORE_API_KEY)',
  403: 'Use a key with the pets:write scope',
  404: 'Check --url: it must name the API, ending in /v1',
};

/** The error that stops a run, worded so that the user knows that running it again resumes it. */
function stopAt(row: number, reason: string, resumeInMs: number, remedy?: string): Error {
  const later = resumeInMs > 0 ? ` after ${new Date(Date.now() + resumeInMs).toISOString()}` : '';
  const rerun = remedy ? `${remedy}, then run` : 'Run';
  return new Error(
    `stopped at line ${row}: ${reason}. ` +
      `${rerun} the same command again${later} to resume: rows already created are not created twice.`,
  );
}
