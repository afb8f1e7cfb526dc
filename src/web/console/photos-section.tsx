// An animal's photos on its console page, in their order, the main one first: each with buttons that make
// it the main photo or move it up or down one place (buttons, never dragging), and a link to remove it
// after a confirmation; below them, a form that adds several at once.
import type { Pet } from '../../domain/pet.js';
import { sizeOf } from '../components/photo-size.js';
import type { FieldError } from '../public/application-errors.js';
import type { Messages } from '../messages/en.js';
import { PhotoPicker } from './animal-fields.js';
import { csrfField } from './csrf.js';
import { errorOn } from './form-page.js';
import { photosField } from './photo-form-body.js';
import type { PhotoLimits } from './photo-uploads.js';

export interface PhotosSectionProps {
  messages: Messages;
  pet: Pet;
  csrfToken: string;
  /** The role may add, move and remove photos. */
  canChange: boolean;
  limits: PhotoLimits;
  errors: FieldError[];
  chooseAgain: boolean;
}

interface MoveProps {
  action: string;
  csrfToken: string;
  position: number;
  label: string;
  which: string;
}

/** A button that moves the photo to `position`; its name says which photo, for a screen reader's list. */
function MoveButton({ action, csrfToken, position, label, which }: MoveProps) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name={csrfField} value={csrfToken} />
      <input type="hidden" name="position" value={String(position)} />
      <button type="submit" class="button secondary small">
        {label}
        <span class="visually-hidden">: {which}</span>
      </button>
    </form>
  );
}

export function PhotosSection({
  messages,
  pet,
  csrfToken,
  canChange,
  limits,
  errors,
  chooseAgain,
}: PhotosSectionProps) {
  const p = messages.console.photos;
  const base = `/console/animals/${pet.id}/photos`;
  const count = pet.photos.length;
  return (
    <section aria-labelledby="photos-title" id="photos">
      <h2 id="photos-title">{p.title}</h2>
      {count === 0 && <p>{p.none}</p>}
      {count > 0 && (
        <ol class="photo-list">
          {pet.photos.map((photo, index) => {
            const which = p.photo(index + 1, count);
            const action = `${base}/${photo.id}/move`;
            return (
              <li id={`photo-${photo.id}`}>
                <img src={photo.urls.small} alt={`${pet.name}, ${which}`} {...sizeOf(photo, 'small')} />
                <p class="photo-place">{index === 0 ? p.primary : which}</p>
                {canChange && (
                  <div class="photo-actions">
                    {index > 0 && (
                      <MoveButton
                        action={action}
                        csrfToken={csrfToken}
                        position={0}
                        label={p.makePrimary}
                        which={which}
                      />
                    )}
                    {index > 1 && (
                      <MoveButton
                        action={action}
                        csrfToken={csrfToken}
                        position={index - 1}
                        label={p.up}
                        which={which}
                      />
                    )}
                    {index < count - 1 && (
                      <MoveButton
                        action={action}
                        csrfToken={csrfToken}
                        position={index + 1}
                        label={p.down}
                        which={which}
                      />
                    )}
                    <a href={`${base}/${photo.id}/remove`} class="warning-link">
                      {p.remove}
                      <span class="visually-hidden">: {which}</span>
                    </a>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {canChange && count < limits.perPet && (
        <form method="post" action={base} enctype="multipart/form-data" class="application" novalidate>
          <input type="hidden" name={csrfField} value={csrfToken} />
          <PhotoPicker
            messages={messages}
            limits={limits}
            error={errorOn(errors, photosField)}
            chooseAgain={chooseAgain}
          />
          <div class="actions">
            <button type="submit" class="button">
              {p.add}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
