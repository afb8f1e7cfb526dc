// Imports a file of pets through the SDK: rows go out `concurrency` at a time as the file is read, each with
// an Idempotency-Key derived from the file and its line, so a second run after an interruption creates
// nothing twice. Rows the service refuses go to the report and the rest go on; a failure that no row can get
// past (a bad key, the service gone, a rate limit too long to wait for) stops the run. A row with an `id` (an
// export's) whose pet exists is skipped, stops the run, or changes the pet (--on-existing), rather than
// creating it again. With --photos-dir, the image files a row names are uploaded once its pet is in, one at a
// time, each under a key derived from the row's, so that a second run adds no photo twice either. Creations
// go out in the file's order, one at a time (creation-turns.ts), so the ids the service gives grow with the
// rows, unless --any-order lets them go out together.
import { readFile, realpath } from 'node:fs/promises';
import {
  PetstoreClient,
  PetstoreError,
  type NewPet,
  type PetPatch,
  type PetstoreClientOptions,
  type TransportAnswer,
} from '@petstore/client';
import { usageError } from '../cli-error.js';
import { wordingOf } from '../client-options.js';
import { httpTransport } from './http-transport.js';
import { windowsOf, type KeyWindows } from './import-estimate.js';
import { fileFacts, photoKey, rowKey } from './import-keys.js';
import { importReport, type RejectedRow } from './import-report.js';
import { errorOf, remedies, rowFailure, stopAt } from './import-stops.js';
import type { BulkFormat, OnExisting } from './bulk-format.js';
import { namesPhotoFiles, photoFilesColumn, readRows, type InputRow } from './import-rows.js';
import { ratePacer, WaitTooLong } from './rate-pacer.js';
import { creationTurns, type Turn } from './creation-turns.js';
import { rowPhotoFiles, type RowPhotoFile } from './row-photo-files.js';

export interface ImportOptions {
  file: string;
  format: BulkFormat;
  concurrency: number;
  /** Creations `concurrency` at a time too, their ids in any order; by default one at a time, in the file's. */
  anyOrder?: boolean;
  reportPath: string;
  /** Longest the import waits for a rate limit to pass before it stops (and can be resumed later). */
  maxWaitMs: number;
  /** The client to send with, given the pacing of its attempts and the transport that spots replays. */
  client(options: Pick<PetstoreClientOptions, 'transport' | 'maxDelayMs' | 'beforeAttempt'>): PetstoreClient;
  /** What a row whose `id` names an existing pet does: skip it (by default), stop the run, or change the pet. */
  onExisting?: OnExisting;
  /** The folder of the image files the rows name (`photoFiles`); a file that names some needs it. */
  photosDir?: string;
  onProgress?(progress: ImportProgress): void;
  /** Told once, with the first answer that reports the key's windows, and about how many rows the file holds. */
  onWindows?(windows: KeyWindows, rows: number): void;
  /** Told when the rows stop going out for a second or more, waiting for the key's rate limit. */
  onWait?(ms: number): void;
}

export interface ImportProgress {
  /** Bytes of the file read so far. */
  bytes: number;
  created: number;
  /** Rows whose `id` names a pet that exists, which they changed (--on-existing update). */
  updated: number;
  /** Rows an earlier run had already created or changed: the service replayed their answer. */
  alreadyImported: number;
  /** Rows whose `id` names a pet that exists (--on-existing skip). */
  skipped: number;
  rejected: number;
  /** Photos uploaded from the rows' `photoFiles` (--photos-dir). */
  photosAdded: number;
  /** Photos an earlier run had uploaded: the service replayed their answer. */
  photosAlreadyThere: number;
  /** Photos the service refused, each in the report; the later files of its row were not sent. */
  photosRefused: number;
}

export interface ImportSummary extends Omit<ImportProgress, 'bytes'> {
  file: string;
  format: BulkFormat;
  rows: number;
  /** The report file, when some row was rejected. */
  report: string | null;
}

export async function importPets(options: ImportOptions): Promise<ImportSummary> {
  const { file, format, concurrency, reportPath, maxWaitMs, photosDir } = options;
  if (!photosDir && (await namesPhotoFiles(file, format)))
    throw usageError(
      `${file} names image files (${photoFilesColumn}): pass --photos-dir with the folder they are in`,
    );
  // Real, so that a file's real path, every link followed, can be held against it.
  const photosRoot = photosDir && (await realpath(photosDir));
  const { hash: fileHash, lines } = await fileFacts(file);
  const pacer = ratePacer(maxWaitMs, Date.now, options.onWait);
  let windowsTold = !options.onWindows;
  const replayed = new Set<string>();
  const transport = httpTransport(concurrency);
  const turns = creationTurns();
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
      if (!windowsTold) {
        windowsTold = true;
        const windows = windowsOf(answer.headers);
        if (windows) options.onWindows!(windows, format === 'csv' ? lines - 1 : lines);
      }
      if (answer.headers.get('idempotent-replayed') === 'true') {
        replayed.add(request.headers.get('idempotency-key') ?? '');
      }
      return answer;
    },
  });
  const report = importReport(reportPath);
  const progress: ImportProgress = {
    bytes: 0,
    created: 0,
    updated: 0,
    alreadyImported: 0,
    skipped: 0,
    rejected: 0,
    photosAdded: 0,
    photosAlreadyThere: 0,
    photosRefused: 0,
  };
  let existing: Promise<Set<number>> | undefined;
  /** The ids of the pets that exist, listed once, when the first row with an id needs them. */
  async function existingIds(row: number): Promise<Set<number>> {
    existing ??= (async () => {
      const ids = new Set<number>();
      for await (const pet of client.listAllPets({ limit: 100 })) ids.add(pet.id);
      return ids;
    })();
    try {
      return await existing;
    } catch (error) {
      if (!(error instanceof PetstoreError)) throw error;
      throw stopAt(row, `${wordingOf(error)}, listing the pets to match the file's ids`, 0, {
        ...error,
        remedy:
          error.status === 403
            ? 'Use a key with the pets:read scope too, or leave the id column out'
            : remedies[error.status],
      });
    }
  }
  let rows = 0;
  let stopped: Error | undefined;

  const reject = async (rejected: RejectedRow) => {
    progress.rejected++;
    await report.add(rejected);
  };

  /**
   * Sends one request of `row`, again after a rate limit, and returns its answer; or the service's refusal of
   * that row alone. Any other failure stops the run.
   */
  async function attempt<T>(row: number, call: () => Promise<T>): Promise<T | PetstoreError> {
    for (;;) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof PetstoreError)) throw error;
        // The pacer would not wait that long (beforeAttempt): the SDK gives its error as the cause.
        const tooLong = error.cause instanceof WaitTooLong ? error.cause : undefined;
        if (tooLong) throw stopAt(row, `${tooLong.message}, longer than --max-wait`, tooLong.waitMs, error);
        // Still rate limited after the SDK's own retries: wait with every other row, then send it again.
        if (error.status === 429 && pacer.waitMs() <= maxWaitMs) continue;
        if (!rowFailure(error))
          throw stopAt(row, wordingOf(error), error.status === 429 ? pacer.waitMs() : 0, {
            ...error,
            remedy: remedies[error.status],
          });
        return error;
      }
    }
  }

  /** Uploads a row's files to its pet, in order, up to the first one that is refused. */
  async function upload(row: number, petId: number, files: RowPhotoFile[], key: string, input: unknown) {
    for (const [index, file] of files.entries()) {
      const refused = (error: RejectedRow['error']) => {
        progress.photosRefused++;
        return report.add({ row, error, input, petId, photoFile: file.name });
      };
      // One file at a time: an import holds no more images than it has rows in flight.
      const bytes = await readFile(file.path).catch((error: Error) => error);
      if (bytes instanceof Error) {
        const message = `cannot read ${file.name}: ${bytes.message}`;
        return refused({ code: 'photo_file_not_found', message, status: 0 });
      }
      const idempotencyKey = photoKey(key, index);
      const answer = await attempt(row, () =>
        client.uploadPhoto(petId, bytes, { contentType: file.contentType, idempotencyKey }),
      );
      if (answer instanceof PetstoreError) return refused(errorOf(answer));
      if (replayed.delete(idempotencyKey)) progress.photosAlreadyThere++;
      else progress.photosAdded++;
    }
  }

  async function send({ row, pet, id, photoFiles }: InputRow, turn: Turn): Promise<void> {
    if ('unreadable' in pet) {
      const error = { code: 'unreadable_row', message: pet.unreadable as string, status: 0 };
      return reject({ row, error, input: null });
    }
    const input = photoFiles ? { ...pet, [photoFilesColumn]: photoFiles } : pet;
    const exists = id !== undefined && (await existingIds(row)).has(id);
    if (exists && options.onExisting === 'fail')
      throw stopAt(row, `pet ${id} exists (--on-existing fail)`, 0, {
        code: 'pet_exists',
        remedy: 'Leave that row out, or pass --on-existing skip or update',
      });
    if (exists && options.onExisting !== 'update') {
      progress.skipped++;
      return;
    }
    // Every file is found before the pet is sent: a row that names one it cannot upload adds nothing.
    const files = photoFiles && photosRoot ? await rowPhotoFiles(photosRoot, photoFiles) : [];
    if (!Array.isArray(files)) return reject({ row, error: { ...files, status: 0 }, input });
    // The row is the pet as it should be: its cells, as a merge patch, change the fields it has columns for.
    const idempotencyKey = rowKey(fileHash, row, exists ? 'update' : 'create');
    // A creation waits for the one before it to be answered: only then is its id known to be the smaller.
    // Sent merely in order, several at once, they still reach the service's commit out of order (its key
    // lookups and checks take more turns for some requests than for others).
    if (exists || options.anyOrder) turn.pass();
    else await turn.ready;
    const answer = await attempt(row, () =>
      exists
        ? client.updatePet(id, pet as PetPatch, { idempotencyKey })
        : client.createPet(pet as NewPet, { idempotencyKey }),
    );
    turn.pass();
    if (answer instanceof PetstoreError) return reject({ row, error: errorOf(answer), input });
    if (replayed.delete(idempotencyKey)) progress.alreadyImported++;
    else progress[exists ? 'updated' : 'created']++;
    await upload(row, answer.id, files, idempotencyKey, input);
  }

  const inFlight = new Set<Promise<void>>();
  // Waiting for a free slot with `Promise.race(inFlight)` would add a reaction to every row in flight for
  // each row read: 50 per row at 50 in flight, about a tenth of the import's CPU (profiled; the figures are in this file's history).
  let slotFreed: (() => void) | undefined;
  try {
    for await (const input of readRows(file, format)) {
      if (stopped) break;
      rows++;
      progress.bytes = input.bytes || progress.bytes;
      const turn = turns.take();
      const sending: Promise<void> = send(input, turn)
        // A row that stopped short of sending, or whose request never got out, lets the next one go.
        .finally(turn.pass)
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
  const { created, updated, alreadyImported, skipped, rejected } = progress;
  const { photosAdded, photosAlreadyThere, photosRefused } = progress;
  return {
    file,
    format,
    rows,
    created,
    updated,
    alreadyImported,
    skipped,
    rejected,
    photosAdded,
    photosAlreadyThere,
    photosRefused,
    report: rejected || photosRefused ? reportPath : null,
  };
}
