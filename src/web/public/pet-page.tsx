// `GET /adopt/pets/{id}`: one animal, with every photo, its facts, whom it is good with, its care, its
// description and tags.
import type { Pet } from '../../domain/pet.js';
import { petAttributeNames, petGoodWithNames } from '../../domain/pet-profile-values.js';
import type { Messages } from '../messages/en.js';
import { useSiteLinks } from '../components/site-links.js';
import { sizeOf } from '../components/photo-size.js';
import { breedOf, knownWord } from '../components/pet-words.js';

export interface PetPageProps {
  messages: Messages;
  pet: Pet;
  /** The species' name, from the categories. */
  species: string;
}

/** The description's paragraphs: split at blank lines; the newlines within one are kept (CSS pre-line). */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.replace(/^\s*\n|\n\s*$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');

export function PetPage({ messages, pet, species }: PetPageProps) {
  const m = messages.pet;
  const { to } = useSiteLinks();
  const age = [pet.age && messages.ages[pet.age], pet.birthDate && m.born(pet.birthDate)]
    .filter(Boolean)
    .join(', ');
  const facts: Array<[string, string]> = [
    [m.species, species],
    [m.breed, breedOf(pet, messages) ?? messages.notKnown],
    [m.age, age || messages.notKnown],
    [m.sex, pet.sex ? messages.sexes[pet.sex] : messages.notKnown],
    [m.size, pet.size ? messages.sizes[pet.size] : messages.notKnown],
    [m.color, pet.color ?? messages.notKnown],
    [m.coat, pet.coat ? messages.coats[pet.coat] : messages.notKnown],
  ];
  return (
    <>
      <p>
        <a class="back" href={to('/adopt')}>
          {m.back}
        </a>
      </p>
      <h1>{pet.name}</h1>
      {pet.status === 'pending' && <p class="notice">{m.pending(pet.name)}</p>}
      <p>
        <a class="button" href={to(`/adopt/pets/${pet.id}/apply`)}>
          {messages.apply.button(pet.name)}
        </a>
      </p>
      <div class="pet">
        <section aria-label={m.photos}>
          {pet.photos.length === 0 ? (
            <p class="no-photo">{m.noPhoto}</p>
          ) : (
            <ul class="photos">
              {pet.photos.map((photo, index) => (
                <li>
                  <img
                    src={photo.urls.large}
                    {...sizeOf(photo, 'large')}
                    alt={m.photoAlt(pet.name, index + 1, pet.photos.length)}
                    loading={index === 0 ? undefined : 'lazy'}
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        <div>
          <h2>{m.facts}</h2>
          <FactList facts={facts} />
          <h2>{m.goodWith}</h2>
          <FactList
            facts={petGoodWithNames.map((name) => [
              messages.goodWithNames[name],
              knownWord(pet.goodWith[name], messages),
            ])}
          />
          <h2>{m.attributes}</h2>
          <FactList
            facts={petAttributeNames.map((name) => [
              messages.attributeNames[name],
              knownWord(pet.attributes[name], messages),
            ])}
          />
        </div>
      </div>
      {pet.description !== null && paragraphsOf(pet.description).length > 0 && (
        <section class="description" aria-labelledby="about-heading">
          <h2 id="about-heading">{m.about(pet.name)}</h2>
          {paragraphsOf(pet.description).map((paragraph) => (
            <p>{paragraph}</p>
          ))}
        </section>
      )}
      {pet.tags.length > 0 && (
        <section aria-labelledby="tags-heading">
          <h2 id="tags-heading">{m.tags}</h2>
          <ul class="tags">
            {pet.tags.map((tag) => (
              <li>{tag}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function FactList({ facts }: { facts: Array<[string, string]> }) {
  return (
    <dl class="facts">
      {facts.map(([term, value]) => (
        <>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </>
      ))}
    </dl>
  );
}
