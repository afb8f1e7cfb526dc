// The one error type services and HTTP hooks throw; the error handler turns it into the spec's Error body.
import { format } from 'node:util';
import { redactKeys } from '../domain/api-key-format.js';
import { errorCatalogue, type ErrorCode } from './catalogue.js';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    ...details: Array<string | number>
  ) {
    const entry = errorCatalogue[code];
    // Details may quote the request (a parameter's name, a header): a key pasted there is never echoed, nor
    // logged with the message.
    super(
      format(
        entry.message,
        ...details.map((detail) => (typeof detail === 'string' ? redactKeys(detail) : detail)),
      ),
    );
    this.status = entry.status;
  }

  /** The spec's Error body. */
  toBody(): { code: ErrorCode; message: string; status: number } {
    return { code: this.code, message: this.message, status: this.status };
  }
}

/** Whether an error refuses one item of a group alone (answered with it) rather than failing the whole group. */
export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError;
