// One adoption application as `applications show` prints it in text: a line a field, grouped as the form asks
// them, then its internal notes, oldest first. A table row, as `applications list` prints, shows only who
// applied for what.
import type { Application, ApplicationNote } from '@petstore/client';
import { detailLines, shown, type Field } from './detail-lines.js';

/** The parts of a value that are known, separated by `, `; `-` when none is. */
const known = (...parts: Array<string | false | null | undefined>): string =>
  parts.filter((part): part is string => typeof part === 'string' && part !== '').join(', ') || '-';

/** `label yes` (or no) where the flag is known. */
const flag = (label: string, value: boolean | null) => value !== null && `${label} ${shown(value)}`;

/** `4`, `4 and 9`, `2, 4 and 9`. */
const inWords = (values: number[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} and ${values.at(-1)}` : values.join('');

const household = ({ adults, children, childrenAges, allergies, allAgree }: Application['household']) =>
  known(
    adults !== null && `${adults} adult${adults === 1 ? '' : 's'}`,
    children !== null &&
      `${children} child${children === 1 ? '' : 'ren'}${childrenAges?.length ? ` aged ${inWords(childrenAges)}` : ''}`,
    flag('allergies', allergies),
    flag('all agree', allAgree),
  );

const home = ({ type, ownership, landlordAllowsPets, yard }: Application['home']) =>
  known(type, ownership, flag('landlord allows pets', landlordAllowsPets), yard && `yard ${yard}`);

const otherPets = (pets: Application['otherPets']) =>
  pets
    .map(({ species, count, spayedNeutered, vaccinated }) =>
      known(
        `${count ?? '?'} ${species ?? '?'}`,
        flag('spayed or neutered', spayedNeutered),
        flag('vaccinated', vaccinated),
      ),
    )
    .join('\n') || '-';

const answers = (given: Application['answers']) =>
  Object.entries(given)
    .map(([question, answer]) => `${question}: ${shown(answer)}`)
    .join('\n') || '-';

const consent = ({ dataProcessing, contactByEmail, contactByPhone, givenAt }: Application['consent']) =>
  known(
    flag('data processing', dataProcessing),
    flag('by email', contactByEmail),
    flag('by phone', contactByPhone),
    `given ${givenAt}`,
  );

/** A note: when and by whom, then its text, whose own lines are kept. */
const noteText = ({ createdAt, author, text }: ApplicationNote) =>
  `${createdAt}  ${author}\n  ${text.replace(/\n/g, '\n  ')}`;

export function applicationDetails(application: Application): string {
  const { applicant, vet } = application;
  const address = applicant.address;
  const fields: Field[] = [
    ['ID', application.id],
    ['Status', application.status],
    ['Pet', shown(application.petId)],
    ['Order', shown(application.orderId)],
    ['Applicant', applicant.name],
    ['Email', shown(applicant.email)],
    ['Phone', shown(applicant.phone)],
    [
      'Address',
      address
        ? known(
            address.line1,
            address.line2,
            address.city,
            address.region,
            address.postalCode,
            address.country,
          )
        : '-',
    ],
    ['Household', household(application.household)],
    ['Home', home(application.home)],
    ['Other pets', otherPets(application.otherPets)],
    ['Experience', shown(application.experience)],
    ['Hours alone', shown(application.hoursAlone)],
    ['Vet', vet ? known(vet.name, vet.phone) : '-'],
    ['Answers', answers(application.answers)],
    ['Consent', consent(application.consent)],
    ['Decline reason', shown(application.declineReason)],
    ['Created', application.createdAt],
    ['Updated', application.updatedAt],
    ['Decided', shown(application.decidedAt)],
    ['Retain until', shown(application.retainUntil)],
    ['Erased', shown(application.erasedAt)],
    ['Notes', application.notes.map(noteText).join('\n') || '-'],
  ];
  return detailLines(fields);
}
