// How a failed command reports itself: one line of text on stderr, or under --json one JSON object there, as
// `{"error":{"code","message"[,"status","requestId"]}}`, so that a script can tell what failed by its code.
import { CommanderError } from 'commander';

/** A failure the CLI itself words, with the code it reports under --json. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    readonly code: string,
    message: string,
    /**
     * When the failure was the service's answer: its status, request id, and its own message, which --json
     * reports instead of the command's wording of it.
     */
    readonly answer?: {
      status: number;
      requestId: string;
      message?: string;
      hint?: string;
      systemCode?: string;
    },
  ) {
    super(message);
  }
}

/** A bad flag, argument or combination of them: the command line, not the service, is at fault. */
export const usageError = (message: string) => new CliError('invalid_usage', message);

/** The code of the errors the store's side throws, by their class, without loading their modules. */
const codeOfName: Record<string, string> = {
  ConfigError: 'invalid_configuration',
  NoDeploymentError: 'no_deployment',
  SchemaTooNewError: 'schema_too_new',
  UnknownApiKeyError: 'api_key_not_found',
  WebhookError: 'webhook_refused',
  UnsafeUrlError: 'webhook_url_refused',
};

export interface ErrorObject {
  code: string;
  message: string;
  status?: number;
  requestId?: string;
  /** What the command suggests to mend it, when it can tell (a --url that does not end in /v1). */
  hint?: string;
  /** For `network_error`: the system's reason, such as ECONNREFUSED, ENOTFOUND or ECONNRESET, when it gave one. */
  systemCode?: string;
}

/** What `error` reports under --json. */
export function errorObjectOf(error: unknown): ErrorObject {
  if (error instanceof CliError) {
    const { code, message, answer } = error;
    if (!answer) return { code, message };
    const { status, requestId, hint, systemCode } = answer;
    return {
      code,
      message: answer.message ?? message,
      status,
      requestId,
      ...(hint && { hint }),
      ...(systemCode !== undefined && { systemCode }),
    };
  }
  if (error instanceof CommanderError)
    return { code: 'invalid_usage', message: error.message.replace(/^error: /, '') };
  const { name, message, code } = error as Error & { code?: unknown };
  // An ApiError of the services has the catalogue's code; a system error (ENOENT, ECONNREFUSED) its own.
  return { code: typeof code === 'string' ? code : (codeOfName[name] ?? 'failed'), message };
}
