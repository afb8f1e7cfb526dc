// A console form of one text (a note, a decline's reason), checked by the body schema of the API's operation
// it stands for: the text is read as the API would take it (a text area's CRLF line breaks as LF, trimmed
// where the schema marks the field `x-trimmed`), and a refusal is worded for the field, beside it.
import type { TObject } from '@sinclair/typebox';
import { createValidatorCompiler } from '../../http/validation.js';
import type { Messages } from '../messages/en.js';
import type { FormField } from '../public/application-fields.js';
import { messageOf, type FieldError } from '../public/application-errors.js';

const compile = createValidatorCompiler([]);

export interface TextRead {
  /** The text as the operation takes it. */
  text: string;
  errors: FieldError[];
}

export function textForm(schema: TObject, property: string, field: FormField, messages: Messages) {
  const validate = compile({ schema, httpPart: 'body', method: 'POST', url: `/console/${field.name}` });
  const trimmed = (schema.properties[property] as { 'x-trimmed'?: boolean })['x-trimmed'] === true;
  const words = messages.apply.errors;
  return {
    field,
    read(body: Record<string, string | undefined>): TextRead {
      const typed = (body[field.name] ?? '').replace(/\r\n?/g, '\n');
      const text = trimmed ? typed.trim() : typed;
      if (validate({ [property]: text })) return { text, errors: [] };
      const error = validate.errors![0]!;
      const message =
        error.keyword === 'minLength' ? words.enter(field.label) : messageOf(error, field, words);
      return { text, errors: [{ field, message }] };
    },
  };
}
