// The fields of a form, after the GOV.UK Design System's patterns: a visible label (a legend for a group of
// radios), a hint, and an error beside the field, tied to it by aria-describedby and aria-invalid; and the
// error summary at the top that links to each field in error. Every value comes back as it was typed.
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';

/** The id of a field's element: its name with dots as hyphens. */
export const fieldId = (name: string) => `f-${name.replaceAll('.', '-')}`;
/** Where the error summary's link for a field goes: its input, or the first of its radios. */
export const fieldTarget = (field: FormField) =>
  field.kind === 'yesno' || field.kind === 'choice' ? `${fieldId(field.name)}-0` : fieldId(field.name);

interface FieldWords {
  optional: string;
  yes: string;
  no: string;
  errorPrefix: string;
}

export interface FieldProps {
  field: FormField;
  value: string;
  error: string | undefined;
  words: FieldWords;
}

function Label({ field, words }: { field: FormField; words: FieldWords }) {
  return (
    <>
      {field.label}
      {!field.required && field.kind !== 'check' && <span class="optional"> {words.optional}</span>}
    </>
  );
}

function Described({
  id,
  hint,
  error,
  prefix,
}: {
  id: string;
  hint?: string | undefined;
  error: string | undefined;
  prefix: string;
}) {
  return (
    <>
      {hint && (
        <div id={`${id}-hint`} class="hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} class="error-message">
          <span class="visually-hidden">{prefix} </span>
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, field: FormField, error: string | undefined) =>
  [field.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

const inputModeOf = (field: FormField): 'decimal' | 'numeric' | undefined =>
  field.kind === 'number' ? (field.decimals ? 'decimal' : 'numeric') : undefined;

export function Field({ field, value, error, words }: FieldProps) {
  const id = fieldId(field.name);
  const wrapper = `field${error ? ' field-error' : ''}`;
  const aria = {
    'aria-describedby': describedBy(id, field, error),
    'aria-invalid': error ? ('true' as const) : undefined,
  };
  if (field.kind === 'yesno' || field.kind === 'choice') {
    const options =
      field.kind === 'yesno'
        ? [
            { value: 'yes', label: words.yes },
            { value: 'no', label: words.no },
          ]
        : field.options!;
    return (
      <div class={wrapper}>
        <fieldset aria-describedby={aria['aria-describedby']}>
          <legend>
            <Label field={field} words={words} />
          </legend>
          <Described id={id} hint={field.hint} error={error} prefix={words.errorPrefix} />
          <div class={field.kind === 'yesno' ? 'radios inline' : 'radios'}>
            {options.map((option, index) => (
              <label class="check" for={`${id}-${index}`}>
                <input
                  type="radio"
                  id={`${id}-${index}`}
                  name={field.name}
                  value={option.value}
                  checked={value === option.value}
                  aria-invalid={aria['aria-invalid']}
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    );
  }
  if (field.kind === 'check') {
    return (
      <div class={wrapper}>
        <Described id={id} hint={field.hint} error={error} prefix={words.errorPrefix} />
        <label class="check" for={id}>
          <input type="checkbox" id={id} name={field.name} value="yes" checked={value === 'yes'} {...aria} />
          <Label field={field} words={words} />
        </label>
      </div>
    );
  }
  const common = {
    id,
    name: field.name,
    ...aria,
    ...(field.autocomplete ? { autocomplete: field.autocomplete } : {}),
  };
  return (
    <div class={wrapper}>
      <label for={id}>
        <Label field={field} words={words} />
      </label>
      <Described id={id} hint={field.hint} error={error} prefix={words.errorPrefix} />
      {field.kind === 'textarea' ? (
        <textarea {...common} rows={5}>
          {value}
        </textarea>
      ) : field.kind === 'select' ? (
        <select {...common}>
          {field.options!.map((option) => (
            <option value={option.value} selected={option.value === value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          class={field.short ? 'short' : undefined}
          // Preact's types tell inputs apart by type; these three take the same attributes.
          type={(['email', 'tel', 'password'].includes(field.kind) ? field.kind : 'text') as 'text'}
          inputMode={inputModeOf(field)}
          list={field.list}
          spellcheck={field.kind === 'email' || field.kind === 'password' ? false : undefined}
          value={value}
        />
      )}
    </div>
  );
}

/** The summary at the top of a refused form: one link per field in error, in the form's order. */
export function ErrorSummary({
  title,
  errors,
  notice,
}: {
  title: string;
  errors: FieldError[];
  notice?: string | undefined;
}) {
  if (errors.length === 0 && !notice) return null;
  return (
    <div class="error-summary" aria-labelledby="error-summary-title" tabIndex={-1} autofocus>
      <div role="alert">
        <h2 id="error-summary-title">{title}</h2>
        {notice && <p>{notice}</p>}
        {errors.length > 0 && (
          <ul>
            {errors.map(({ field, message }) => (
              <li>
                <a href={`#${fieldTarget(field)}`}>{message}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
