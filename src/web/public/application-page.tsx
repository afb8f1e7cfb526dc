// `GET /adopt/apply` and `GET /adopt/pets/{id}/apply`: the application form, a plain POST that needs no
// JavaScript; and, refused, the same form with every value as typed, an error summary and each error beside
// its field. A hidden field that only robots fill, and a signed token of when the form was rendered.
import type { Messages } from '../messages/en.js';
import { useSiteLinks } from '../components/site-links.js';
import { ErrorSummary, Field } from '../components/form-fields.js';
import type { FormGroup, FormValues } from './application-fields.js';
import type { FieldError } from './application-errors.js';

/** The field only robots fill: hidden by the stylesheet, so that people never see it. */
export const trapField = 'website';
export const tokenField = 'formToken';

export interface ApplicationPageProps {
  messages: Messages;
  /** The animal applied for; none for an application for no one animal. */
  pet: { id: number; name: string; pending: boolean } | undefined;
  action: string;
  groups: FormGroup[];
  values: FormValues;
  errors: FieldError[];
  /** A problem with the form as a whole (it expired, too many were sent). */
  notice?: string | undefined;
  token: string;
}

export function ApplicationPage({
  messages,
  pet,
  action,
  groups,
  values,
  errors,
  notice,
  token,
}: ApplicationPageProps) {
  const m = messages.apply;
  const { to } = useSiteLinks();
  const errorOf = new Map(errors.map((e) => [e.field.name, e.message]));
  const words = { optional: m.optional, yes: m.yes, no: m.no, errorPrefix: m.errors.prefix };
  return (
    <>
      <p>
        <a class="back" href={to(pet ? `/adopt/pets/${pet.id}` : '/adopt')}>
          {pet ? pet.name : messages.pet.back}
        </a>
      </p>
      <ErrorSummary title={m.errors.summary} errors={errors} notice={notice} />
      <h1>{m.title(pet?.name)}</h1>
      <p class="intro">{m.intro}</p>
      {pet?.pending && <p class="notice">{m.pendingIntro(pet.name)}</p>}
      <form class="application" method="post" action={to(action)} novalidate>
        <input type="hidden" name={tokenField} value={token} />
        <div class="trap">
          <label for="f-trap">{m.trap}</label>
          <input id="f-trap" name={trapField} type="text" tabIndex={-1} autocomplete="off" />
        </div>
        {groups.map((group) => (
          <fieldset class="group" aria-describedby={group.hint ? `${group.id}-hint` : undefined}>
            <legend>
              <h2>{group.legend}</h2>
            </legend>
            {group.hint && (
              <p id={`${group.id}-hint`} class="hint">
                {group.hint}
              </p>
            )}
            {group.fields.map((field) => (
              <Field
                field={field}
                value={values[field.name] ?? ''}
                error={errorOf.get(field.name)}
                words={words}
              />
            ))}
          </fieldset>
        ))}
        <div class="actions">
          <button class="button" type="submit">
            {m.send}
          </button>
        </div>
      </form>
    </>
  );
}

/** The page after a submission: the same whether the application is new or repeats an open one. */
export function ApplicationSentPage({ messages, email }: { messages: Messages; email: string }) {
  const m = messages.apply.sent;
  const { to } = useSiteLinks();
  return (
    <>
      <div class="panel">
        <h1>{m.heading}</h1>
        <p>{m.contact(email)}</p>
      </div>
      <h2>{m.next}</h2>
      <ol class="steps">
        {m.steps.map((step) => (
          <li>{step}</li>
        ))}
      </ol>
      <p>
        <a href={to('/adopt')}>{m.more}</a>
      </p>
    </>
  );
}
