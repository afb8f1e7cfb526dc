// Real example bodies for every error response of the OpenAPI document: one per code the response names.
// Without them the docs page makes one up from the schema: the first code of the catalogue, with status 0.
import { errorCatalogue, type ErrorCode } from '../errors/catalogue.js';
import { codesNamedBy, type DocumentResponse } from './schemas/error.js';

/** The catalogue's message, with `…` for what is filled in. */
const messageOf = (code: ErrorCode) => errorCatalogue[code].message.replaceAll('%s', '…');

/** Adds `examples` to a JSON error response (status 400 and up), in place: exactly the codes it names. */
export function addErrorExamples(status: number, response: DocumentResponse): void {
  const media = response.content?.['application/json'];
  if (status < 400 || !media) return;
  const codes = codesNamedBy(response.description);
  if (!codes) throw new Error(`A ${status} response not built by errorResponse: ${response.description}`);
  media.examples = Object.fromEntries(
    codes.map((code) => [
      code,
      { summary: errorCatalogue[code].when, value: { code, message: messageOf(code), status } },
    ]),
  );
}
