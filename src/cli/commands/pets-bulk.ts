// `petstore pets import FILE` and `petstore pets export`: pets in bulk, over HTTP through the SDK like the
// other `petstore pets` commands, with the same client options and error wording.
import { once } from 'node:events';
import { existsSync, renameSync, statSync, createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Command, Option } from 'commander';
import { PetstoreClient } from '@petstore/client';
import { exportPets } from '../bulk/export-pets.js';
import {
  formatNames,
  formatOf,
  formatOfStream,
  onExistingChoices,
  type FormatName,
  type OnExisting,
} from '../bulk/bulk-format.js';
import { estimateOf } from '../bulk/import-estimate.js';
import { httpTransport } from '../bulk/http-transport.js';
import { defaultReportPath } from '../bulk/import-report.js';
import { progressBar, type Progress } from '../bulk/progress-bar.js';
import { keepHeapSmall } from '../bulk/small-heap.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { usageError } from '../cli-error.js';
import { positiveInteger } from '../option-parsers.js';
import { petFiltersFor, withPetFilterOptions, type PetFilterFlags } from '../pet-filter-options.js';

interface ImportFlags extends ClientFlags {
  format?: FormatName;
  onExisting: OnExisting;
  concurrency: number;
  report?: string;
  maxWait: number;
  photosDir?: string;
  anyOrder?: boolean;
}

interface ExportFlags extends ClientFlags, PetFilterFlags {
  format?: FormatName;
  output?: string;
  maxWait: number;
}

/** How long a bulk command waits out a rate limit (429 Retry-After) before it stops. */
const maxWaitOption = (then: string) =>
  new Option('--max-wait <seconds>', `Longest wait for a rate limit before stopping (${then})`)
    .argParser(positiveInteger('--max-wait'))
    .default(300);

const formatOption = (what: string) =>
  new Option(
    '--format <format>',
    `Format of the ${what}: csv, or JSON Lines (ndjson, jsonl and json all name it); by default the one ` +
      'its name says (.csv; .ndjson, .jsonl, .json)',
  ).choices(formatNames);

function importCommand(): Command {
  const command = new Command('import')
    .description(
      'Add the pets of a CSV (a header row naming its columns: name, categoryId, any other that export ' +
        'writes, and photoFiles with --photos-dir) or JSON Lines file; running it again ' +
        'resumes it without creating any pet twice (within the service’s 24 h idempotency window). A row ' +
        'with an id (as an export writes) whose pet exists is skipped, or changes it (see --on-existing). ' +
        'Exit code 0: every row is in or skipped; 2: some rows or photos were rejected (see --report); 1: stopped',
    )
    .argument('<file>', 'The file to import: .csv, or .ndjson/.jsonl/.json')
    .addOption(formatOption('file'))
    .addOption(
      new Option(
        '--on-existing <action>',
        'A row whose id names a pet that exists: skip it, stop the import there (fail), or change the pet to ' +
          'what the row says (update: the fields the file has columns for; an empty cell clears its field)',
      )
        .choices(onExistingChoices)
        .default('skip'),
    )
    .option(
      '--concurrency <n>',
      'Rows worked on at once (their photo uploads and edits; creations too with --any-order)',
      positiveInteger('--concurrency'),
      8,
    )
    .option(
      '--any-order',
      'Create up to --concurrency rows at once, faster, with ids that need not follow the file’s order ' +
        '(by default each row’s pet is created once the row before it is in, so ids grow with the rows)',
    )
    .option('--report <file>', 'Where rejected rows go, one JSON line each (default: FILE.report.ndjson)')
    .option(
      '--photos-dir <dir>',
      'Folder of the image files a photoFiles column names (separated by |, relative to it): each row’s are ' +
        'uploaded in order once its pet is in, the first becoming the primary photo of a pet that had none',
    )
    .addOption(maxWaitOption('run again later to resume'));
  return withClientOptions(command).action(async (file: string, flags: ImportFlags) => {
    if (!existsSync(file)) throw usageError(`no such file: ${file}`);
    const { photosDir } = flags;
    if (photosDir && !statSync(photosDir, { throwIfNoEntry: false })?.isDirectory())
      throw usageError(`--photos-dir ${photosDir} is not a folder`);
    const format = formatOf(file, flags.format);
    // Drawn from the first row answered on, so that the estimate, said with the first answer, comes before it.
    let shown: Progress | undefined;
    const updating = flags.onExisting === 'update';
    const bar = () =>
      (shown ??= progressBar(
        `{bar} {percentage}% | {created} created, ${updating ? '{updated} updated, ' : ''}` +
          '{alreadyImported} already there, {skipped} skipped, {rejected} rejected' +
          (photosDir ? ' | {photosAdded} photos added' : ''),
        statSync(file).size,
        flags.json,
        { created: 0, updated: 0, alreadyImported: 0, skipped: 0, rejected: 0, photosAdded: 0 },
      ));
    // Loaded here: its CSV reader is for the import alone.
    const { importPets } = await import('../bulk/import-pets.js');
    keepHeapSmall();
    const summary = await withClient(flags, () =>
      importPets({
        file,
        format,
        concurrency: flags.concurrency,
        anyOrder: flags.anyOrder,
        reportPath: flags.report ?? defaultReportPath(file),
        maxWaitMs: flags.maxWait * 1000,
        onExisting: flags.onExisting,
        photosDir,
        client: (options) => new PetstoreClient({ baseUrl: flags.url, apiKey: flags.apiKey!, ...options }),
        onProgress: ({ bytes, ...counts }) => bar().update(bytes, counts),
        onWait: (ms) =>
          bar().note(
            `rate limited: waiting ${Math.ceil(ms / 1000)} s, until ${new Date(Date.now() + ms).toISOString()}`,
            ms,
          ),
        onWindows: (windows, rows) => {
          const estimate = estimateOf(rows, windows);
          if (estimate) console.error(`petstore: ${estimate}`);
        },
      }),
    ).finally(() => shown?.stop());
    if (summary.rejected || summary.photosRefused) process.exitCode = 2;
    if (flags.json) return console.log(JSON.stringify(summary));
    const { rows, created, updated, alreadyImported, skipped, rejected, report } = summary;
    const { photosAdded, photosAlreadyThere, photosRefused } = summary;
    const photosText = photosDir
      ? `; ${photosAdded} photos added, ${photosAlreadyThere} already there, ${photosRefused} refused`
      : '';
    const skippedText = skipped
      ? `, ${skipped} skipped (their id names a pet that exists; --on-existing ${flags.onExisting})`
      : '';
    const updatedText = updating ? `, ${updated} updated` : '';
    const remedies = [
      rejected ? 'correct those rows in a new file and import it' : '',
      photosRefused ? 'a refused photo’s pet is in: add the photo with `petstore pets photos add`' : '',
    ].filter(Boolean);
    console.log(
      `${rows} rows: ${created} created${updatedText}, ${alreadyImported} already there${skippedText}, ` +
        `${rejected} rejected${photosText}` +
        (report ? ` (see ${report}; ${remedies.join('; ')})` : ''),
    );
  });
}

/**
 * The export's file, open before the first page is asked for: a missing or read-only folder is said at once,
 * as one line. A failure while writing (a full disk) ends the export through the stream's `errored`.
 */
async function openOutput(partial: string, output: string): Promise<WriteStream> {
  const out = createWriteStream(partial);
  try {
    await once(out, 'open');
  } catch (error) {
    throw new Error(`cannot write ${output}: ${(error as Error).message}`);
  }
  return out.on('error', () => {});
}

function exportCommand(): Command {
  const command = withPetFilterOptions(
    new Command('export').description(
      'Write every pet (or those the filters choose, as `pets list` takes them) as CSV or JSON Lines, page ' +
        'by page, as import reads them',
    ),
  )
    .addOption(formatOption('output; csv to stdout when not given'))
    .option('--output <file>', 'Write to this file (complete once the command succeeds) instead of stdout')
    .addOption(maxWaitOption('run again later'));
  return withClientOptions(command).action(async (flags: ExportFlags) => {
    const { output } = flags;
    const format = output ? formatOf(output, flags.format) : formatOfStream(flags.format);
    // A file appears under its name only once complete: an interrupted export leaves no half file to import.
    const partial = output && `${output}.partial`;
    const out = partial ? await openOutput(partial, output) : process.stdout;
    const bar = progressBar('{value} pets exported', 0, flags.json || !output);
    // One page at a time: one connection.
    const transport = httpTransport(1);
    keepHeapSmall();
    const exported = await withClient(
      flags,
      async (client) =>
        exportPets(client, {
          filters: await petFiltersFor(client, flags),
          format,
          baseUrl: flags.url,
          out,
          onProgress: (n) => bar.update(n),
        }),
      // One request at a time: a 429 is met at most once a window, and its Retry-After waited out.
      { transport: transport.send, maxDelayMs: flags.maxWait * 1000 },
    ).finally(() => {
      transport.close();
      bar.stop();
    });
    if (partial) {
      out.end();
      await finished(out);
      renameSync(partial, output);
    }
    const summary = { exported, format, output: output ?? null };
    if (flags.json) (output ? console.log : console.error)(JSON.stringify(summary));
    else if (output) console.log(`${exported} pets exported to ${output}`);
  });
}

export const bulkCommands = (): Command[] => [importCommand(), exportCommand()];
