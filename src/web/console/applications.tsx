// `/console/applications` (staff and admin, `applications:read`): the queue. A count of each status, each a
// link to its list; the applications newest first, filtered by status and animal (a GET form: neither is
// personal); and a search by name or email, which is a POST, so that a person's name never sits in a URL.
// Each row shows the animal's photo and name, the applicant's name, when it arrived and its status.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applicationStatuses, type ApplicationStatus } from '../../domain/application.js';
import type { Application } from '../../domain/application-schema.js';
import type { Pet } from '../../domain/pet.js';
import { idOfText } from '../../domain/resource-id.js';
import { allows } from '../../domain/scopes.js';
import type { ApplicationCounts } from '../../services/applications-service.js';
import type { ApplicationPage } from '../../services/application-pages.js';
import { Field } from '../components/form-fields.js';
import type { Messages } from '../messages/en.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import { sendForbidden, type ConsoleContext } from './console-page.js';
import { csrfField } from './csrf.js';
import { PhotoCell } from './summary-row.js';
import { errorOn, fieldWords, sendFormPage } from './form-page.js';
import { petsById } from './pets-by-id.js';

export const applicationsPath = '/console/applications';
const pageSize = 25;

const isStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === 'string' && (applicationStatuses as readonly string[]).includes(value);

/** The list's address with its filters (and a cursor, for the next page). */
export function applicationsLink(filter: { status?: ApplicationStatus; petId?: number }, cursor?: string) {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.petId !== undefined) query.set('pet', String(filter.petId));
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${applicationsPath}?${text}` : applicationsPath;
}

function Row({
  application,
  pet,
  m,
}: {
  application: Application;
  pet: Pet | undefined;
  m: Messages['console'];
}) {
  const a = m.applications;
  const c = a.columns;
  const photo = pet?.photos[0];
  return (
    <tr>
      <PhotoCell photo={photo} none={a.noPhoto} />
      <td data-label={c.applicant}>
        <a href={`${applicationsPath}/${application.id}`}>{application.applicant.name}</a>
      </td>
      <td data-label={c.animal}>
        {application.petId === null ? (
          a.noAnimal
        ) : pet ? (
          <a href={`/console/animals/${pet.id}`}>{pet.name}</a>
        ) : (
          m.activity.animal(application.petId)
        )}
      </td>
      <td data-label={c.arrived}>
        <time dateTime={application.createdAt}>{m.activity.at(application.createdAt)}</time>
      </td>
      <td data-label={c.status}>{a.statuses[application.status]}</td>
    </tr>
  );
}

/** The applications of a page as a table (cards on a phone), or a line saying none match. */
export function ApplicationTable({
  messages,
  pets,
  applications,
}: {
  messages: Messages;
  /** The applications' animals (pets-by-id.ts). */
  pets: Map<number, Pet>;
  applications: Application[];
}) {
  const m = messages.console;
  const c = m.applications.columns;
  if (applications.length === 0) return <p class="none">{m.applications.none}</p>;
  return (
    <table class="animals applications">
      <thead>
        <tr>
          <th scope="col">
            <span class="visually-hidden">{m.animals.columns.photo}</span>
          </th>
          <th scope="col">{c.applicant}</th>
          <th scope="col">{c.animal}</th>
          <th scope="col">{c.arrived}</th>
          <th scope="col">{c.status}</th>
        </tr>
      </thead>
      <tbody>
        {applications.map((application) => (
          <Row
            application={application}
            pet={application.petId === null ? undefined : pets.get(application.petId)}
            m={m}
          />
        ))}
      </tbody>
    </table>
  );
}

interface ListView {
  filter: { status?: ApplicationStatus; petId?: number };
  /** The animal's number as typed, when it is none. */
  typedPet?: string;
  /** A search's words, when the list answers one. */
  q?: string;
  page: ApplicationPage | undefined;
  errors: FieldError[];
}

export function applicationsRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const { applications, pets } = scope.services;
  const m = context.messages.console;
  const a = m.applications;
  const words = fieldWords(context.messages);
  const fields: Record<'status' | 'pet' | 'q', FormField> = {
    status: {
      name: 'status',
      kind: 'select',
      label: a.filter.status,
      required: false,
      options: [
        { value: '', label: a.filter.anyStatus },
        ...applicationStatuses.map((status) => ({ value: status, label: a.statuses[status] })),
      ],
    },
    pet: {
      name: 'pet',
      kind: 'text',
      label: a.filter.animal,
      hint: a.filter.animalHint,
      required: false,
      short: true,
    },
    q: { name: 'q', kind: 'text', label: a.search.label, hint: a.search.hint, required: true },
  };

  function Counts({ counts, chosen }: { counts: ApplicationCounts; chosen: ApplicationStatus | undefined }) {
    return (
      <nav aria-label={a.counts}>
        <ul class="status-counts">
          {applicationStatuses.map((status) => (
            <li>
              <a href={applicationsLink({ status })} aria-current={chosen === status ? 'page' : undefined}>
                <span class="count">{counts[status]}</span> {a.statuses[status]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    );
  }

  async function show(request: FastifyRequest, reply: FastifyReply, status: number, view: ListView) {
    const token = request.signedIn!.csrfToken;
    const counts = await applications.counts();
    const { page, filter, q } = view;
    const animals = await petsById(pets, page?.applications.map((application) => application.petId) ?? []);
    return sendFormPage(
      context,
      request,
      reply,
      status,
      a.title,
      { errors: view.errors },
      <>
        <Counts counts={counts} chosen={q === undefined ? filter.status : undefined} />
        <form method="get" action={applicationsPath} class="catalogue-form" novalidate>
          <Field field={fields.status} value={filter.status ?? ''} error={undefined} words={words} />
          <Field
            field={fields.pet}
            value={view.typedPet ?? (filter.petId === undefined ? '' : String(filter.petId))}
            error={errorOn(view.errors, 'pet')}
            words={words}
          />
          <button type="submit" class="button secondary">
            {a.filter.show}
          </button>
        </form>
        <form method="post" action={`${applicationsPath}/search`} class="catalogue-form" novalidate>
          <input type="hidden" name={csrfField} value={token} />
          <Field field={fields.q} value={q ?? ''} error={errorOn(view.errors, 'q')} words={words} />
          <button type="submit" class="button secondary">
            {a.search.submit}
          </button>
        </form>
        {q !== undefined && page && <h2>{a.search.results(q)}</h2>}
        {page && (
          <ApplicationTable messages={context.messages} pets={animals} applications={page.applications} />
        )}
        {page?.nextCursor &&
          (q === undefined ? (
            <p class="pager">
              <a href={applicationsLink(filter, page.nextCursor)}>{a.more}</a>
            </p>
          ) : (
            <form method="post" action={`${applicationsPath}/search`} class="pager">
              <input type="hidden" name={csrfField} value={token} />
              <input type="hidden" name="q" value={q} />
              <input type="hidden" name="cursor" value={page.nextCursor} />
              <button type="submit" class="button secondary">
                {a.more}
              </button>
            </form>
          ))}
      </>,
    );
  }

  const reads = (request: FastifyRequest) => allows(request.signedIn!.scopes, 'listApplications');
  const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

  scope.get('/applications', async (request, reply) => {
    if (!reads(request)) return sendForbidden(context, request, reply);
    const query = request.query as Record<string, unknown>;
    const status = isStatus(query.status) ? query.status : undefined;
    const typedPet = (textOf(query.pet) ?? '').trim();
    const petId = idOfText(typedPet);
    if (typedPet !== '' && petId === undefined)
      return show(request, reply, 400, {
        filter: { ...(status ? { status } : {}) },
        typedPet,
        page: undefined,
        errors: [{ field: fields.pet, message: a.filter.animalInvalid }],
      });
    const filter = { ...(status ? { status } : {}), ...(petId === undefined ? {} : { petId }) };
    const cursor = textOf(query.cursor);
    const page = await applications.list({ ...filter, limit: pageSize, ...(cursor ? { cursor } : {}) });
    return show(request, reply, 200, { filter, page, errors: [] });
  });

  scope.post('/applications/search', async (request, reply) => {
    if (!reads(request)) return sendForbidden(context, request, reply);
    const body = request.body as Record<string, string | undefined>;
    const q = (body.q ?? '').trim();
    if (q === '')
      return show(request, reply, 400, {
        filter: {},
        q: '',
        page: undefined,
        errors: [{ field: fields.q, message: a.search.missing }],
      });
    const cursor = body.cursor || undefined;
    const page = await applications.list({ q, limit: pageSize, ...(cursor ? { cursor } : {}) });
    return show(request, reply, 200, { filter: {}, q, page, errors: [] });
  });
}
