// `/console/applications/{id}` (staff and admin): the whole application, its internal notes, the actions its
// status allows (the transition table of src/domain/application.ts, nothing else shown), and the other open
// applications for the same animal, so that staff see the competition before approving. Each action's form
// carries the status the page showed: if someone acted first, nothing is applied and the page says what the
// application is now. Approving places the adoption; an approved one links to completing it in one step.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  applicationStatuses,
  applicationStepActions,
  decideApplicationStep,
  openApplicationStatuses,
  type ApplicationStatus,
  type ApplicationStepAction,
} from '../../domain/application.js';
import { DeclineBody, NoteBody, type Application } from '../../domain/application-schema.js';
import { allows } from '../../domain/scopes.js';
import type { OperationId } from '../../domain/scopes.js';
import { ApiError } from '../../errors/api-error.js';
import type { ApplicationCaller } from '../../services/applications-service.js';
import { Field } from '../components/form-fields.js';
import type { FieldError } from '../public/application-errors.js';
import { ApplicationAnswers } from './application-answers.js';
import { ApplicationTable, applicationsPath } from './applications.js';
import { doneNotice, sendForbidden, sendNotFound, seeOther, type ConsoleContext } from './console-page.js';
import { csrfField } from './csrf.js';
import { SummaryRow } from './summary-row.js';
import { errorOn, fieldWords, sendFormPage } from './form-page.js';
import { petsById } from './pets-by-id.js';
import { textForm } from './text-form.js';

/** An application id as the service makes them (random, URL-safe, beginning with a letter). */
const applicationIdPattern = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

const isStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === 'string' && (applicationStatuses as readonly string[]).includes(value);
const isAction = (value: string): value is ApplicationStepAction =>
  (applicationStepActions as readonly string[]).includes(value);

const operationOf = {
  review: 'reviewApplication',
  approve: 'approveApplication',
  decline: 'declineApplication',
  withdraw: 'withdrawApplication',
} as const satisfies Record<ApplicationStepAction, OperationId>;

interface PageView {
  errors: FieldError[];
  values: Record<string, string>;
  notice?: string;
  done?: string;
}

export const applicationPath = (id: string) => `${applicationsPath}/${id}`;

export function applicationPageRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const { applications, pets, orders } = scope.services;
  const m = context.messages.console;
  const d = m.applications.detail;
  const words = fieldWords(context.messages);
  const reason = textForm(
    DeclineBody,
    'reason',
    { name: 'reason', kind: 'textarea', label: d.reasonLabel, hint: d.reasonHint, required: true },
    context.messages,
  );
  const note = textForm(
    NoteBody,
    'text',
    { name: 'text', kind: 'textarea', label: d.noteLabel, hint: d.noteHint, required: true },
    context.messages,
  );

  const callerOf = (request: FastifyRequest): ApplicationCaller => ({
    keyId: null,
    author: request.signedIn!.account.name,
  });

  async function show(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    application: Application,
    view: PageView,
  ) {
    const signedIn = request.signedIn!;
    const manages = allows(signedIn.scopes, 'addApplicationNote');
    const [questions, others] = await Promise.all([
      applications.form(),
      application.petId === null ? undefined : applications.list({ petId: application.petId, limit: 100 }),
    ]);
    const competing = (others?.applications ?? []).filter(
      (other) => other.id !== application.id && openApplicationStatuses.includes(other.status),
    );
    const animals = await petsById(pets, [application.petId, ...competing.map((other) => other.petId)]);
    const pet = application.petId === null ? undefined : animals.get(application.petId);
    const order =
      application.orderId === null
        ? undefined
        : await orders
            .get({ apiKeyId: null, managesAll: true }, application.orderId)
            .catch((error: unknown) => {
              if (error instanceof ApiError && error.code === 'order_not_found') return undefined;
              throw error;
            });
    const erased = application.erasedAt !== null;
    const allowed = applicationStepActions.filter(
      (action) =>
        decideApplicationStep(action, application.status, erased) === 'apply' &&
        allows(signedIn.scopes, operationOf[action]) &&
        // Approving places an adoption of the animal: an application for no one animal has none to place.
        !(action === 'approve' && application.petId === null),
    );
    const token = <input type="hidden" name={csrfField} value={signedIn.csrfToken} />;
    const from = <input type="hidden" name="from" value={application.status} />;
    const statusText = m.applications.statuses[application.status];
    return sendFormPage(
      context,
      request,
      reply,
      status,
      d.title(application.applicant.name),
      { errors: view.errors, notice: view.notice },
      <>
        {view.done && (
          <div class="notice done" role="status">
            <p>{view.done}</p>
            {order && application.status === 'approved' && (
              <p>
                <a href={`/console/adoptions/${order.id}`}>{d.adoption}</a>
              </p>
            )}
          </div>
        )}
        {erased && <p class="notice">{d.erased}</p>}
        <dl class="summary-list">
          <SummaryRow label={d.animal}>
            {application.petId === null ? (
              m.applications.noAnimal
            ) : pet ? (
              <a href={`/console/animals/${pet.id}`}>{pet.name}</a>
            ) : (
              m.activity.animal(application.petId)
            )}
          </SummaryRow>
          <SummaryRow label={d.status}>
            <strong>{statusText}</strong>
          </SummaryRow>
          <SummaryRow label={d.arrived}>
            <time dateTime={application.createdAt}>{m.activity.at(application.createdAt)}</time>
          </SummaryRow>
          {application.decidedAt && (
            <SummaryRow label={d.decided}>
              <time dateTime={application.decidedAt}>{m.activity.at(application.decidedAt)}</time>
            </SummaryRow>
          )}
          {application.declineReason && (
            <SummaryRow label={d.declineReason} valueClass="multiline">
              {application.declineReason}
            </SummaryRow>
          )}
          {order && (
            <SummaryRow label={m.adoptions.columns.order}>
              <a href={`/console/adoptions/${order.id}`}>{d.order(order.id)}</a> (
              {m.adoptions.statuses[order.status]})
            </SummaryRow>
          )}
        </dl>

        <h2>{d.actionsTitle}</h2>
        {allowed.length === 0 && !(order?.status === 'approved') && <p>{d.noActions}</p>}
        <div class="animal-actions">
          {allowed
            .filter((action) => action !== 'decline')
            .map((action) => (
              <form method="post" action={`${applicationPath(application.id)}/${action}`}>
                {token}
                {from}
                <button type="submit" class={action === 'withdraw' ? 'button secondary' : 'button'}>
                  {d.actions[action]}
                </button>
              </form>
            ))}
          {order?.status === 'approved' && allows(signedIn.scopes, 'completeOrder') && (
            <a class="button" href={`/console/adoptions/${order.id}/complete`}>
              {m.adoptions.actions.complete}
            </a>
          )}
        </div>
        {allowed.includes('approve') && <p class="hint">{d.approveHint}</p>}
        {allowed.includes('decline') && (
          <form method="post" action={`${applicationPath(application.id)}/decline`} novalidate>
            {token}
            {from}
            <Field
              field={reason.field}
              value={view.values.reason ?? ''}
              error={errorOn(view.errors, 'reason')}
              words={words}
            />
            <button type="submit" class="button warning">
              {d.actions.decline}
            </button>
          </form>
        )}

        {application.petId !== null && (
          <>
            <h2>{d.othersTitle}</h2>
            {competing.length === 0 ? (
              <p>{d.noOthers}</p>
            ) : (
              <ApplicationTable messages={context.messages} pets={animals} applications={competing} />
            )}
          </>
        )}

        <h2 id="notes">{d.notesTitle}</h2>
        {application.notes.length === 0 ? (
          <p>{d.noNotes}</p>
        ) : (
          <ol class="notes">
            {application.notes.map((n) => (
              <li key={n.id}>
                <p class="note-by">
                  {n.author} · <time dateTime={n.createdAt}>{m.activity.at(n.createdAt)}</time>
                </p>
                <p class="multiline">{n.text}</p>
              </li>
            ))}
          </ol>
        )}
        {manages && !erased && (
          <form method="post" action={`${applicationPath(application.id)}/notes`} novalidate>
            {token}
            <Field
              field={note.field}
              value={view.values.text ?? ''}
              error={errorOn(view.errors, 'text')}
              words={words}
            />
            <button type="submit" class="button secondary">
              {d.addNote}
            </button>
          </form>
        )}

        <h2>{d.answersTitle}</h2>
        <ApplicationAnswers
          messages={context.messages}
          application={application}
          questions={questions.questions}
        />
      </>,
    );
  }

  /** The application of the path's id, or undefined (and 404 sent) when there is none. */
  async function found(request: FastifyRequest<{ Params: { id: string } }>) {
    const { id } = request.params;
    if (!applicationIdPattern.test(id)) return undefined;
    try {
      return await applications.get(id);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'application_not_found') return undefined;
      throw error;
    }
  }

  scope.get<{ Params: { id: string } }>('/applications/:id', async (request, reply) => {
    if (!allows(request.signedIn!.scopes, 'getApplication')) return sendForbidden(context, request, reply);
    const application = await found(request);
    if (!application) return sendNotFound(context, request, reply);
    const done = doneNotice(request, d.done);
    return show(request, reply, 200, application, { errors: [], values: {}, ...(done ? { done } : {}) });
  });

  scope.post<{ Params: { id: string; action: string } }>(
    '/applications/:id/:action',
    async (request, reply) => {
      const { action } = request.params;
      if (action === 'notes') return addNote(request, reply);
      if (!isAction(action)) return sendNotFound(context, request, reply);
      if (!allows(request.signedIn!.scopes, operationOf[action]))
        return sendForbidden(context, request, reply);
      const application = await found(request);
      if (!application) return sendNotFound(context, request, reply);
      const body = request.body as Record<string, string | undefined>;
      const values = { reason: body.reason ?? '' };
      // The status the page showed; a form without one was not sent from it.
      if (!isStatus(body.from)) return sendNotFound(context, request, reply);
      const declined = action === 'decline' ? reason.read(body) : undefined;
      if (declined && declined.errors.length > 0)
        return show(request, reply, 400, application, { errors: declined.errors, values });
      try {
        await applications.act(callerOf(request), application.id, action, declined?.text, body.from);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const now = await found(request);
        if (!now) return sendNotFound(context, request, reply);
        // Someone acted first when the status moved; any other refusal (an animal no longer available) says why.
        const notice =
          error.code === 'application_status_conflict' && now.status !== body.from
            ? d.conflict(m.applications.statuses[now.status].toLowerCase())
            : error.message;
        return show(request, reply, 409, now, { errors: [], values, notice });
      }
      return seeOther(reply, `${applicationPath(application.id)}?done=${action}`);
    },
  );

  async function addNote(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    if (!allows(request.signedIn!.scopes, 'addApplicationNote'))
      return sendForbidden(context, request, reply);
    const application = await found(request);
    if (!application) return sendNotFound(context, request, reply);
    const body = request.body as Record<string, string | undefined>;
    const read = note.read(body);
    const values = { text: body.text ?? '' };
    if (read.errors.length > 0)
      return show(request, reply, 400, application, { errors: read.errors, values });
    try {
      await applications.addNote(callerOf(request), application.id, read.text);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'application_status_conflict')) throw error;
      return show(request, reply, 409, application, { errors: [], values, notice: d.erased });
    }
    return seeOther(reply, `${applicationPath(application.id)}?done=note#notes`);
  }
}
