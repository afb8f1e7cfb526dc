// The one error the SDK throws: the service's Error body, plus the request id to quote when reporting it.

/** Codes the SDK itself uses when the service gave no Error body. */
export type ClientErrorCode = 'network_error' | 'unexpected_response';

/**
 * A failed call: the service answered with an error status (after any retries), or could not be reached.
 *
 * @example
 * try {
 *   await client.getPet(42);
 * } catch (error) {
 *   if (error instanceof PetstoreError && error.code === 'pet_not_found') console.log('no such pet');
 *   else throw error;
 * }
 */
export class PetstoreError extends Error {
  override name = 'PetstoreError';

  constructor(
    /** The service's machine-readable code (see docs/errors.md), or `network_error`/`unexpected_response`. */
    readonly code: string,
    /** The HTTP status; 0 when no response arrived. */
    readonly status: number,
    message: string,
    /** The X-Request-Id of the call: quote it when reporting a problem. */
    readonly requestId: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const isErrorBody = (body: unknown): body is { code: string; message: string } =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { code?: unknown }).code === 'string' &&
  typeof (body as { message?: unknown }).message === 'string';

/** The error for a response with an error status and its (parsed) body. */
export function errorFromResponse(response: Response, body: unknown, sentRequestId: string): PetstoreError {
  const requestId = response.headers.get('x-request-id') ?? sentRequestId;
  return isErrorBody(body)
    ? new PetstoreError(body.code, response.status, body.message, requestId)
    : new PetstoreError(
        'unexpected_response',
        response.status,
        `HTTP ${response.status} ${response.statusText}`.trim(),
        requestId,
      );
}
