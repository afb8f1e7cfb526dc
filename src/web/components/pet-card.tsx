// One animal in the list: its primary photo, its name linking to its page, its breed, age, sex and size, and
// the "Adoption pending" badge when an adoption is under way.
import type { Pet } from '../../domain/pet.js';
import type { Messages } from '../messages/en.js';
import { sizeOf } from './photo-size.js';
import { useSiteLinks } from './site-links.js';
import { summaryOf } from './pet-words.js';

export interface PetCardProps {
  pet: Pet;
  messages: Messages;
  /** Photos below the first row wait until they are scrolled near. */
  lazy: boolean;
}

/** The photo's width: a column of the grid on a wide screen, a square beside the text on a phone. */
const sizes = '(min-width: 72rem) 17rem, (min-width: 34rem) 45vw, 7.5rem';

export function PetCard({ pet, messages, lazy }: PetCardProps) {
  const { to } = useSiteLinks();
  const photo = pet.photos[0];
  const { width, height } = photo ? sizeOf(photo, 'medium') : { width: 0, height: 0 };
  return (
    <li class="card">
      {photo ? (
        <img
          src={photo.urls.medium}
          srcset={`${photo.urls.small} ${sizeOf(photo, 'small').width}w, ${photo.urls.medium} ${width}w`}
          sizes={sizes}
          width={width}
          height={height}
          alt=""
          loading={lazy ? 'lazy' : undefined}
          decoding="async"
        />
      ) : (
        <div class="no-photo">{messages.list.noPhoto}</div>
      )}
      <div class="card-body">
        <h3>
          <a href={to(`/adopt/pets/${pet.id}`)}>{pet.name}</a>
        </h3>
        <p>{summaryOf(pet, messages)}</p>
        {pet.status === 'pending' && <p class="badge">{messages.list.pending}</p>}
      </div>
    </li>
  );
}
