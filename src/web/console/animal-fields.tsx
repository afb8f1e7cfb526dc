// The fields of an animal's form, shared by the intake and the edit: each with its value as typed and its
// error beside it, and after a conflict the saved value under each field that differs; and the photo
// picker, a file input a phone offers as its camera.
import type { Breed } from '../../domain/category.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import { Field, fieldId } from '../components/form-fields.js';
import type { Messages } from '../messages/en.js';
import type { AnimalValues } from './animal-form.js';
import { errorOn, fieldWords } from './form-page.js';
import { createFragmentCache } from './fragment-cache.js';
import { photosField } from './photo-form-body.js';
import type { PhotoLimits } from './photo-uploads.js';

interface AnimalFieldsProps {
  messages: Messages;
  fields: readonly FormField[];
  values: AnimalValues;
  errors: FieldError[];
  /** The saved values that differ from the user's, after a conflict. */
  theirs?: AnimalValues | undefined;
  /** Each species' breeds, by category id: the breed field suggests those of the species chosen. */
  breeds: ReadonlyMap<number, readonly Breed[]>;
}

const breedLists = createFragmentCache(16);

const breedListId = (categoryId: number | string) => `breeds-${categoryId}`;

/**
 * Every species' breeds, each in a datalist: the breed field suggests those of the species shown when the
 * page was made, and the console's script points it at the new species' list when the species changes.
 */
function BreedLists({ breeds }: { breeds: ReadonlyMap<number, readonly Breed[]> }) {
  return (
    <>
      {[...breeds].map(([categoryId, list]) => (
        <datalist id={breedListId(categoryId)}>
          {list.map((breed) => (
            <option value={breed.name} />
          ))}
        </datalist>
      ))}
    </>
  );
}

export function AnimalFields({ messages, fields, values, errors, theirs, breeds }: AnimalFieldsProps) {
  const m = messages.console.animal;
  const words = fieldWords(messages);
  const suggested = (field: FormField) =>
    field.name === 'breed' ? { ...field, list: breedListId(values.categoryId ?? '') } : field;
  return (
    <>
      <div
        hidden
        // Every animal's form shows the same lists until the catalogue changes: rendered once for it.
        dangerouslySetInnerHTML={{
          __html: breedLists(JSON.stringify([...breeds]), () => <BreedLists breeds={breeds} />),
        }}
      />
      {fields.map(suggested).map((field) => (
        <>
          <Field
            field={field}
            value={values[field.name] ?? ''}
            error={errorOn(errors, field.name)}
            words={words}
          />
          {theirs?.[field.name] !== undefined && (
            <p class="hint theirs">{m.now(theirs[field.name] || m.empty)}</p>
          )}
        </>
      ))}
    </>
  );
}

/** The field the photo picker's errors are given for, so that the error summary links to it. */
export const photoPickerField = (messages: Messages): FormField => ({
  name: photosField,
  kind: 'text',
  label: messages.console.photos.label,
  required: false,
});

interface PhotoPickerProps {
  messages: Messages;
  limits: PhotoLimits;
  error: string | undefined;
  /** Photos were chosen, and the form came back: the browser has dropped them. */
  chooseAgain: boolean;
}

export function PhotoPicker({ messages, limits, error, chooseAgain }: PhotoPickerProps) {
  const p = messages.console.photos;
  const id = fieldId(photosField);
  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div class={`field${error ? ' field-error' : ''}`}>
      <label for={id}>{p.label}</label>
      <div id={`${id}-hint`} class="hint">
        {p.hint(limits.perPet, messages.console.sizeText(limits.bytes))}
        {chooseAgain && !error && <strong class="again"> {messages.console.intake.photosAgain}</strong>}
      </div>
      {error && (
        <p id={`${id}-error`} class="error-message">
          <span class="visually-hidden">{messages.apply.errors.prefix} </span>
          {error}
        </p>
      )}
      <input
        type="file"
        id={id}
        name={photosField}
        accept="image/*"
        multiple
        aria-describedby={described}
        aria-invalid={error ? 'true' : undefined}
        data-chosen={`${id}-chosen`}
      />
      <ul id={`${id}-chosen`} class="chosen-photos" aria-label={p.chosen}></ul>
      <p class="upload-progress" hidden>
        <label for={`${id}-progress`}>{p.sending}</label>
        <progress id={`${id}-progress`} max={1} value={0} />
      </p>
    </div>
  );
}
