// The one error type services and HTTP hooks throw; the error handler turns it into the spec's Error body.
import { format } from 'node:util';
import { errorCatalogue, type ErrorCode } from './catalogue.js';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    ...details: Array<string | number>
  ) {
    const entry = errorCatalogue[code];
    super(format(entry.message, ...details));
    this.status = entry.status;
  }

  /** The spec's Error body. */
  toBody(): { code: ErrorCode; message: string; status: number } {
    return { code: this.code, message: this.message, status: this.status };
  }
}
