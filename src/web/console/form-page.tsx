// A console page with a form, after the GOV.UK Design System's error pattern: "Error: " before the title
// and the error summary above the heading when anything was refused, and the words the fields use.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ComponentChildren } from 'preact';
import { ErrorSummary } from '../components/form-fields.js';
import type { ApiError } from '../../errors/api-error.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import type { Messages } from '../messages/en.js';
import { sendConsolePage, type ConsoleContext } from './console-page.js';

export interface Refusal {
  errors: FieldError[];
  notice?: string | undefined;
}

export function sendFormPage(
  context: ConsoleContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  title: string,
  { errors, notice }: Refusal,
  content: ComponentChildren,
): FastifyReply {
  const refused = errors.length > 0 || notice !== undefined;
  return sendConsolePage(
    context,
    request,
    reply,
    status,
    refused ? `${context.messages.apply.errors.titlePrefix}${title}` : title,
    <>
      <ErrorSummary title={context.messages.console.errors.summary} errors={errors} notice={notice} />
      <h1>{title}</h1>
      {content}
    </>,
  );
}

/** The words a console field shows around itself: every console field is required, so none is "optional". */
export const fieldWords = (messages: Messages) => ({
  optional: '',
  yes: messages.known.yes,
  no: messages.known.no,
  errorPrefix: messages.apply.errors.prefix,
});

export function SubmitButton({ label }: { label: string }) {
  return (
    <div class="actions">
      <button type="submit" class="button">
        {label}
      </button>
    </div>
  );
}

/**
 * A service's refusal of a form that passed the schema (a rule the schema cannot see: the breed list, an
 * open order, a category removed meanwhile): beside the field its message names, else above the form.
 */
export function serviceRefusal(fields: readonly FormField[], error: ApiError): Refusal {
  const field = fields.find((f) => new RegExp(`\\b${f.name.replaceAll('.', '\\.')}\\b`).test(error.message));
  return field ? { errors: [{ field, message: error.message }] } : { errors: [], notice: error.message };
}

/** The message of the error on the field `name`, if any. */
export const errorOn = (errors: FieldError[], name: string): string | undefined =>
  errors.find((error) => error.field.name === name)?.message;
