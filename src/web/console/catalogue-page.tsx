// The content of `/console/catalogue`: each category with its breeds (a long list folded away in a
// <details>, which works without JavaScript), and, for a role that may change the catalogue, a form to add a
// category and, under each category, one to rename it and one to add a breed to it. Every form is a plain
// POST of one field, with the session's token; a field refused comes back as typed, with its error.
import type { Breed, Category } from '../../domain/category.js';
import { Field } from '../components/form-fields.js';
import type { Messages } from '../messages/en.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import { catalogueFields } from './catalogue-form.js';
import { csrfField } from './csrf.js';
import { errorOn, fieldWords } from './form-page.js';

export const cataloguePath = '/console/catalogue';

export interface CatalogueContentProps {
  messages: Messages;
  categories: readonly Category[];
  /** The breeds of each category, in the categories' order. */
  breeds: readonly (readonly Breed[])[];
  /** What was typed, by field name: every field of the page has a name of its own. */
  values: Record<string, string>;
  errors: FieldError[];
  info: string | undefined;
  /** The session's token, when the role may change the catalogue; none shows no form. */
  csrfToken: string | undefined;
}

interface NameFormProps extends Pick<CatalogueContentProps, 'messages' | 'values' | 'errors'> {
  action: string;
  field: FormField;
  /** The field's value when nothing was typed. */
  saved: string;
  button: string;
  /** The category the button is for, said to screen readers: every category has one of each button. */
  of?: string;
  csrfToken: string;
}

function NameForm({ messages, values, errors, action, field, saved, button, of, csrfToken }: NameFormProps) {
  return (
    <form method="post" action={action} class="application catalogue-form" novalidate>
      <input type="hidden" name={csrfField} value={csrfToken} />
      <Field
        field={field}
        value={values[field.name] ?? saved}
        error={errorOn(errors, field.name)}
        words={fieldWords(messages)}
      />
      <button type="submit" class="button secondary">
        {button}
        {of && <span class="visually-hidden"> {of}</span>}
      </button>
    </form>
  );
}

export function CatalogueContent(props: CatalogueContentProps) {
  const { messages, categories, breeds, info, csrfToken } = props;
  const m = messages.console.catalogue;
  const fields = catalogueFields(messages);
  const shared = { messages, values: props.values, errors: props.errors };
  return (
    <>
      {info && <p class="notice done">{info}</p>}
      <p class="intro">{m.intro}</p>
      {csrfToken ? (
        <section aria-labelledby="add-category">
          <h2 id="add-category">{m.addCategory}</h2>
          <NameForm
            {...shared}
            action={`${cataloguePath}/categories`}
            field={fields.createCategory()}
            saved=""
            button={m.addCategoryButton}
            csrfToken={csrfToken}
          />
        </section>
      ) : (
        <p>{m.readOnly}</p>
      )}
      {categories.map((category, index) => {
        const list = breeds[index]!;
        const action = `${cataloguePath}/categories/${category.id}`;
        return (
          <section class="catalogue-category" aria-labelledby={`category-${category.id}`}>
            <h2 id={`category-${category.id}`}>
              {category.name} <span class="catalogue-id">({m.id(category.id)})</span>
            </h2>
            {list.length === 0 ? (
              <p>{m.noBreeds}</p>
            ) : (
              <details>
                <summary>{m.breeds(list.length)}</summary>
                <ul class="breed-list">
                  {list.map((breed) => (
                    <li>{breed.name}</li>
                  ))}
                </ul>
              </details>
            )}
            {csrfToken && (
              <>
                <NameForm
                  {...shared}
                  action={action}
                  field={fields.renameCategory(category)}
                  saved={category.name}
                  button={m.renameButton}
                  of={category.name}
                  csrfToken={csrfToken}
                />
                <NameForm
                  {...shared}
                  action={`${action}/breeds`}
                  field={fields.createBreed(category)}
                  saved=""
                  button={m.addBreedButton}
                  of={category.name}
                  csrfToken={csrfToken}
                />
              </>
            )}
          </section>
        );
      })}
    </>
  );
}
