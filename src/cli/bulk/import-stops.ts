// How an import tells a failure that condemns one row, which goes to the report, from one that stops the run,
// and how it words the stop so that the user knows that running it again resumes it.
import type { PetstoreError } from '@petstore/client';
import { CliError } from '../cli-error.js';
import type { RejectedRow } from './import-report.js';

/**
 * Failures that condemn one row only; any other would fail every row after it too. A 404 is a wrong URL,
 * unless it says that the pet a row changes was removed since the import listed the pets.
 */
export const rowFailure = ({ status, code }: PetstoreError) =>
  (status >= 400 && status < 500 && ![401, 403, 404, 429].includes(status)) || code === 'pet_not_found';

/** A refusal as the report gives it: the service's Error body. */
export const errorOf = ({ code, message, status, requestId }: PetstoreError): RejectedRow['error'] => ({
  code,
  message,
  status,
  requestId,
});

/** What to put right first, for the statuses that stop every rerun until the user does. */
export const remedies: Partial<Record<number, string>> = {
  401: 'Use a valid key (--api-key or PETSTORE_API_KEY)',
  403: 'Use a key with the pets:write scope',
  404: 'Check --url: it must name the API, ending in /v1',
};

/** Why a run stopped: the code --json reports, the failed answer, and what to put right first. */
interface StopCause {
  code: string;
  status?: number;
  requestId?: string;
  remedy?: string;
}

/** The error that stops a run, worded so that the user knows that running it again resumes it. */
export function stopAt(row: number, reason: string, resumeInMs: number, cause: StopCause): CliError {
  const later = resumeInMs > 0 ? ` after ${new Date(Date.now() + resumeInMs).toISOString()}` : '';
  const rerun = cause.remedy ? `${cause.remedy}, then run` : 'Run';
  const { code, status, requestId } = cause;
  return new CliError(
    code,
    `stopped at line ${row}: ${reason}. ` +
      `${rerun} the same command again${later} to resume: rows already created are not created twice.`,
    status !== undefined && requestId !== undefined ? { status, requestId } : undefined,
  );
}
