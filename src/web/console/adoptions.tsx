// `/console/adoptions` (staff and admin, `orders:manage`): the adoption orders, by status, each with its
// animal, the application that placed it (when one did) and, for those who may read applications, the
// applicant's name; and each adoption's page with the actions the order transition table allows. Completing
// is behind a confirmation page that says what will change: the animal adopted and off the public pages, its
// application adopted, the other open applications for it declined. Each action's form carries the status
// the page showed, so that an adoption someone else moved meanwhile is not moved again.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openApplicationStatuses } from '../../domain/application.js';
import type { Application } from '../../domain/application-schema.js';
import {
  actionsAllowedFrom,
  orderStatuses,
  orderStepActions,
  type Order,
  type OrderCaller,
  type OrderStatus,
  type OrderStepAction,
} from '../../domain/order.js';
import type { Pet } from '../../domain/pet.js';
import { idOfText } from '../../domain/resource-id.js';
import { allows, type OperationId } from '../../domain/scopes.js';
import { ApiError } from '../../errors/api-error.js';
import type { Messages } from '../messages/en.js';
import { applicationPath } from './application-page.js';
import {
  doneNotice,
  sendConsolePage,
  sendForbidden,
  sendNotFound,
  seeOther,
  type ConsoleContext,
} from './console-page.js';
import { csrfField } from './csrf.js';
import { PhotoCell, SummaryRow } from './summary-row.js';
import { sizeOf } from '../components/photo-size.js';
import { petsById } from './pets-by-id.js';

export const adoptionsPath = '/console/adoptions';
export const adoptionPath = (id: number) => `${adoptionsPath}/${id}`;
const pageSize = 25;

/** The console acts for the shelter: it reaches every order, and owns those it places. */
const shelter: OrderCaller = { apiKeyId: null, managesAll: true };

const operationOf = {
  approve: 'approveOrder',
  complete: 'completeOrder',
  cancel: 'cancelOrder',
} as const satisfies Record<OrderStepAction, OperationId>;

const isStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
const isAction = (value: string): value is OrderStepAction =>
  (orderStepActions as readonly string[]).includes(value);

function AnimalCell({ pet, petId, m }: { pet: Pet | undefined; petId: number; m: Messages['console'] }) {
  return pet ? <a href={`/console/animals/${pet.id}`}>{pet.name}</a> : <>{m.activity.animal(petId)}</>;
}

export function adoptionsRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const { orders, applications, pets } = scope.services;
  const m = context.messages.console;
  const a = m.adoptions;

  const readsApplicants = (request: FastifyRequest) => allows(request.signedIn!.scopes, 'getApplication');
  const token = (request: FastifyRequest) => (
    <input type="hidden" name={csrfField} value={request.signedIn!.csrfToken} />
  );

  /** The action buttons the table allows on `order`, for the role; completing goes to its confirmation. */
  function Actions({ request, order }: { request: FastifyRequest; order: Order }) {
    const scopes = request.signedIn!.scopes;
    const allowed = actionsAllowedFrom(order.status).filter((action) => allows(scopes, operationOf[action]));
    return (
      <div class="animal-actions">
        {allowed.map((action) =>
          action === 'complete' ? (
            <a class="button" href={`${adoptionPath(order.id)}/complete`}>
              {a.actions.complete}
            </a>
          ) : (
            <form method="post" action={`${adoptionPath(order.id)}/${action}`}>
              {token(request)}
              <input type="hidden" name="from" value={order.status} />
              <button
                type="submit"
                class={action === 'cancel' ? 'button secondary' : 'button'}
                aria-label={a.actionOf(a.actions[action], order.id)}
              >
                {a.actions[action]}
              </button>
            </form>
          ),
        )}
      </div>
    );
  }

  function Rows({
    request,
    list,
    animals,
    placedBy,
  }: {
    request: FastifyRequest;
    list: Order[];
    animals: Map<number, Pet>;
    placedBy: Map<number, Application>;
  }) {
    const c = a.columns;
    const named = readsApplicants(request);
    return (
      <table class="animals adoptions">
        <thead>
          <tr>
            <th scope="col">
              <span class="visually-hidden">{m.animals.columns.photo}</span>
            </th>
            <th scope="col">{c.order}</th>
            <th scope="col">{c.animal}</th>
            <th scope="col">{c.application}</th>
            {named && <th scope="col">{c.applicant}</th>}
            <th scope="col">{c.status}</th>
            <th scope="col">{c.since}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((order) => {
            const pet = animals.get(order.petId);
            const photo = pet?.photos[0];
            const application = placedBy.get(order.id);
            return (
              <tr id={`adoption-${order.id}`}>
                <PhotoCell photo={photo} none={m.applications.noPhoto} />
                <td data-label={c.order}>
                  <a href={adoptionPath(order.id)}>{a.orderName(order.id)}</a>
                </td>
                <td data-label={c.animal}>
                  <AnimalCell pet={pet} petId={order.petId} m={m} />
                </td>
                <td data-label={c.application}>
                  {application ? (
                    <a href={applicationPath(application.id)}>{application.id.slice(0, 8)}</a>
                  ) : (
                    a.noApplication
                  )}
                </td>
                {named && <td data-label={c.applicant}>{application?.applicant.name ?? ''}</td>}
                <td data-label={c.status}>{a.statuses[order.status]}</td>
                <td data-label={c.since}>
                  <time dateTime={order.updatedAt}>{m.activity.at(order.updatedAt)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  }

  const manages = (request: FastifyRequest) => allows(request.signedIn!.scopes, 'approveOrder');

  scope.get('/adoptions', async (request, reply) => {
    if (!manages(request)) return sendForbidden(context, request, reply);
    const query = request.query as Record<string, unknown>;
    const status = isStatus(query.status) ? query.status : undefined;
    const cursor = typeof query.cursor === 'string' && query.cursor !== '' ? query.cursor : undefined;
    const page = await orders.list(shelter, {
      ...(status ? { status } : {}),
      limit: pageSize,
      ...(cursor ? { cursor } : {}),
    });
    const [animals, placedBy] = await Promise.all([
      petsById(
        pets,
        page.orders.map((order) => order.petId),
      ),
      applications.ofOrders(page.orders.map((order) => order.id)),
    ]);
    const link = (chosen: OrderStatus | undefined, next?: string) => {
      const params = new URLSearchParams();
      if (chosen) params.set('status', chosen);
      if (next) params.set('cursor', next);
      const text = params.toString();
      return text ? `${adoptionsPath}?${text}` : adoptionsPath;
    };
    return sendConsolePage(
      context,
      request,
      reply,
      200,
      a.title,
      <>
        <h1>{a.title}</h1>
        <nav aria-label={a.title}>
          <ul class="status-counts">
            {[undefined, ...orderStatuses].map((choice) => (
              <li>
                <a href={link(choice)} aria-current={choice === status ? 'page' : undefined}>
                  {choice ? a.statuses[choice] : a.all}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {page.orders.length === 0 ? (
          <p class="none">{a.none}</p>
        ) : (
          <Rows request={request} list={page.orders} animals={animals} placedBy={placedBy} />
        )}
        <p class="pager">
          {cursor && <a href={link(status)}>{a.first}</a>}
          {page.nextCursor && <a href={link(status, page.nextCursor)}>{a.more}</a>}
        </p>
      </>,
    );
  });

  /** The order of the path's id with its animal and application, or undefined when there is none. */
  async function found(id: string) {
    const orderId = idOfText(id);
    if (orderId === undefined) return undefined;
    let order: Order;
    try {
      order = await orders.get(shelter, orderId);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'order_not_found') return undefined;
      throw error;
    }
    const [animals, placedBy] = await Promise.all([
      petsById(pets, [order.petId]),
      applications.ofOrders([order.id]),
    ]);
    return { order, pet: animals.get(order.petId), application: placedBy.get(order.id) };
  }

  type Found = NonNullable<Awaited<ReturnType<typeof found>>>;

  function showOrder(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    { order, pet, application }: Found,
    notice?: { text: string; done: boolean },
  ) {
    const c = a.columns;
    return sendConsolePage(
      context,
      request,
      reply,
      status,
      a.orderName(order.id),
      <>
        {notice && (
          <div class={notice.done ? 'notice done' : 'notice'} role={notice.done ? 'status' : 'alert'}>
            <p>{notice.text}</p>
          </div>
        )}
        <h1>{a.orderName(order.id)}</h1>
        <dl class="summary-list">
          <SummaryRow label={c.animal}>
            <AnimalCell pet={pet} petId={order.petId} m={m} />
          </SummaryRow>
          <SummaryRow label={c.status}>
            <strong>{a.statuses[order.status]}</strong>
          </SummaryRow>
          <SummaryRow label={c.application}>
            {application ? (
              <a href={applicationPath(application.id)}>
                {readsApplicants(request)
                  ? m.applications.detail.title(application.applicant.name)
                  : application.id.slice(0, 8)}
              </a>
            ) : (
              a.noApplication
            )}
          </SummaryRow>
          <SummaryRow label={c.since}>
            <time dateTime={order.updatedAt}>{m.activity.at(order.updatedAt)}</time>
          </SummaryRow>
        </dl>
        <Actions request={request} order={order} />
        <p class="link-line">
          <a href={adoptionsPath}>{a.title}</a>
        </p>
      </>,
    );
  }

  scope.get<{ Params: { id: string } }>('/adoptions/:id', async (request, reply) => {
    if (!manages(request)) return sendForbidden(context, request, reply);
    const adoption = await found(request.params.id);
    if (!adoption) return sendNotFound(context, request, reply);
    const text = doneNotice(request, a.done);
    return showOrder(request, reply, 200, adoption, text ? { text, done: true } : undefined);
  });

  scope.get<{ Params: { id: string } }>('/adoptions/:id/complete', async (request, reply) => {
    if (!allows(request.signedIn!.scopes, 'completeOrder')) return sendForbidden(context, request, reply);
    const adoption = await found(request.params.id);
    if (!adoption) return sendNotFound(context, request, reply);
    const { order, pet, application } = adoption;
    if (order.status !== 'approved')
      return showOrder(request, reply, 409, adoption, {
        text: a.conflict(a.statuses[order.status]),
        done: false,
      });
    const others = (await applications.list({ petId: order.petId, limit: 100 })).applications.filter(
      (other) => other.id !== application?.id && openApplicationStatuses.includes(other.status),
    );
    const k = a.confirm;
    const photo = pet?.photos[0];
    const name = pet?.name ?? m.activity.animal(order.petId);
    return sendConsolePage(
      context,
      request,
      reply,
      200,
      k.title,
      <>
        <h1>{k.title}</h1>
        {photo && <img class="confirm-photo" src={photo.urls.small} alt="" {...sizeOf(photo, 'small')} />}
        <dl class="summary-list">
          <SummaryRow label={k.animal}>{name}</SummaryRow>
          {application && readsApplicants(request) && (
            <SummaryRow label={k.adopter}>
              {application.applicant.name}
              {application.applicant.email && <> · {application.applicant.email}</>}
            </SummaryRow>
          )}
        </dl>
        <h2>{k.changes}</h2>
        <ul>
          <li>{k.sold(name)}</li>
          {application && <li>{k.adopted}</li>}
          {others.length > 0 && <li>{k.othersDeclined(others.length)}</li>}
        </ul>
        <form method="post" action={`${adoptionPath(order.id)}/complete`}>
          {token(request)}
          <input type="hidden" name="from" value={order.status} />
          <div class="actions">
            <button type="submit" class="button">
              {k.submit}
            </button>
          </div>
        </form>
        <p class="link-line">
          <a href={application ? applicationPath(application.id) : adoptionPath(order.id)}>{k.back}</a>
        </p>
      </>,
    );
  });

  scope.post<{ Params: { id: string; action: string } }>('/adoptions/:id/:action', async (request, reply) => {
    const { action } = request.params;
    if (!isAction(action)) return sendNotFound(context, request, reply);
    if (!allows(request.signedIn!.scopes, operationOf[action])) return sendForbidden(context, request, reply);
    const adoption = await found(request.params.id);
    if (!adoption) return sendNotFound(context, request, reply);
    const from = (request.body as Record<string, string | undefined>).from;
    if (!isStatus(from)) return sendNotFound(context, request, reply);
    // Someone moved it since the page was shown: nothing is done, and the page says where it stands.
    const conflict = () =>
      showOrder(request, reply, 409, adoption, {
        text: a.conflict(a.statuses[adoption.order.status]),
        done: false,
      });
    if (adoption.order.status !== from) return conflict();
    try {
      await orders.act(shelter, adoption.order.id, action);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'order_status_conflict')) throw error;
      const now = await found(request.params.id);
      if (!now) return sendNotFound(context, request, reply);
      return showOrder(request, reply, 409, now, {
        text: a.conflict(a.statuses[now.order.status]),
        done: false,
      });
    }
    return seeOther(reply, `${adoptionPath(adoption.order.id)}?done=${action}`);
  });
}
