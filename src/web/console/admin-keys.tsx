// `/console/admin/keys` (admins alone): the API keys, and what `petstore keys` does to them, without a
// terminal. The list never shows a key, only its last characters. Making a key shows it once, on the page the
// POST answers (never in a URL), with a copy button and the warning that it is not shown again. A key's page
// changes its plan, scopes and expiry; revoking is behind a confirmation page. Each goes through the API keys
// service, so every instance applies it from the key's next request, and creation and revocation are events.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { planNames, planQuotas, type PlanName } from '../../domain/plans.js';
import { scopeNames, type Scope } from '../../domain/scopes.js';
import { administers } from '../../domain/staff-roles.js';
import { noControlCharacters } from '../../domain/control-characters.js';
import type { ApiKeyInfo, IssuedApiKey } from '../../services/api-keys-service.js';
import { UnknownApiKeyError } from '../../services/api-keys-service.js';
import { Field, fieldId } from '../components/form-fields.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import {
  doneNotice,
  sendConsolePage,
  sendForbidden,
  sendNotFound,
  seeOther,
  type ConsoleContext,
} from './console-page.js';
import { csrfField } from './csrf.js';
import { errorOn, fieldWords, sendFormPage, SubmitButton } from './form-page.js';

export const adminKeysPath = '/console/admin/keys';
const keyPath = (id: string) => `${adminKeysPath}/${encodeURIComponent(id)}`;
const nameMaxLength = 100;
/** A key's name is one line, by the rule of every name field. */
const controlFree = new RegExp(noControlCharacters.pattern, 'u');
/** Each scope's checkbox: the forms' bodies repeat no field name. */
const scopeField = (scope: Scope) => `scope.${scope}`;

/** The plans a key made in the console may have: Enterprise needs quotas of its own, set with the CLI. */
type ConsolePlan = Exclude<PlanName, 'enterprise'>;
const consolePlans = planNames.filter((plan): plan is ConsolePlan => plan !== 'enterprise');

interface KeyForm {
  name?: string;
  plan: ConsolePlan;
  scopes: Scope[];
  expiresAt: number | null;
}

interface KeysView {
  errors: FieldError[];
  values: Record<string, string>;
  issued?: IssuedApiKey;
}

const valuesOf = (body: unknown): Record<string, string> => (body ?? {}) as Record<string, string>;
const textOf = (value: string | undefined): string => value ?? '';
const chosenScopes = (values: Record<string, string>) =>
  scopeNames.filter((s) => values[scopeField(s)] === 'yes');
const dateOf = (ms: string | null) => (ms === null ? '' : ms.slice(0, 10));

export function adminKeysRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const { apiKeys } = scope.services;
  const m = context.messages.console;
  const k = m.keys;
  const words = fieldWords(context.messages);
  const fields: Record<'name' | 'plan' | 'scopes' | 'expires', FormField> = {
    name: {
      name: 'name',
      kind: 'text',
      label: k.name,
      hint: k.nameHint,
      required: true,
      autocomplete: 'off',
    },
    plan: {
      name: 'plan',
      kind: 'select',
      label: k.plan,
      hint: k.planHint,
      required: true,
      options: consolePlans.map((plan) => ({
        value: plan,
        label: k.planText(k.planNames[plan]!, planQuotas[plan].perMinute, planQuotas[plan].perDay),
      })),
    },
    scopes: { name: 'scopes', kind: 'check', label: k.scopes, hint: k.scopesHint, required: true },
    expires: {
      name: 'expires',
      kind: 'text',
      label: k.expires,
      hint: k.expiresHint,
      required: false,
      short: true,
    },
  };

  const isAdmin = (request: FastifyRequest) =>
    request.signedIn !== undefined && administers(request.signedIn.account.role);

  /** The form read and checked: the values the service takes, or the errors beside their fields. */
  function read(values: Record<string, string>, withName: boolean, now: number) {
    const errors: FieldError[] = [];
    const name = textOf(values.name).trim();
    if (withName) {
      if (name === '') errors.push({ field: fields.name, message: k.nameMissing });
      else if (name.length > nameMaxLength) errors.push({ field: fields.name, message: k.nameTooLong });
      else if (!controlFree.test(name)) errors.push({ field: fields.name, message: k.nameMissing });
    }
    const plan = textOf(values.plan);
    if (!(consolePlans as readonly string[]).includes(plan))
      errors.push({ field: fields.plan, message: context.messages.apply.errors.choose(k.plan) });
    const scopes = chosenScopes(values);
    if (scopes.length === 0) errors.push({ field: fields.scopes, message: k.scopesMissing });
    const typed = textOf(values.expires).trim();
    const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
    const expiresAt = date ? Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])) : null;
    const real = expiresAt !== null && new Date(expiresAt).toISOString().slice(0, 10) === typed;
    if (typed !== '' && (!real || expiresAt! <= now))
      errors.push({ field: fields.expires, message: k.expiresInvalid });
    const form: KeyForm = {
      name,
      plan: plan as ConsolePlan,
      scopes,
      expiresAt: typed === '' ? null : expiresAt,
    };
    return { form, errors };
  }

  function Scopes({ chosen, error }: { chosen: readonly string[]; error: string | undefined }) {
    const id = fieldId('scopes');
    return (
      <div class={`field${error ? ' field-error' : ''}`}>
        <fieldset aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}>
          <legend>{k.scopes}</legend>
          <div id={`${id}-hint`} class="hint">
            {k.scopesHint}
          </div>
          {error && (
            <p id={`${id}-error`} class="error-message">
              <span class="visually-hidden">{words.errorPrefix} </span>
              {error}
            </p>
          )}
          <div class="checkboxes">
            {scopeNames.map((name, index) => (
              <label class="check" for={index === 0 ? id : `${id}-${index}`}>
                <input
                  type="checkbox"
                  id={index === 0 ? id : `${id}-${index}`}
                  name={scopeField(name)}
                  value="yes"
                  checked={chosen.includes(name)}
                />
                <span>
                  <code>{name}</code> {k.scopeMeanings[name]}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    );
  }

  function KeyFields({ view, withName, key }: { view: KeysView; withName: boolean; key?: ApiKeyInfo }) {
    const v = view.values;
    // The boxes as sent when the form comes back refused; else the key's own scopes.
    const chosen = view.errors.length > 0 ? chosenScopes(v) : (key?.scopes ?? []);
    return (
      <>
        {withName && (
          <Field
            field={fields.name}
            value={textOf(v.name)}
            error={errorOn(view.errors, 'name')}
            words={words}
          />
        )}
        <Field
          field={fields.plan}
          value={v.plan !== undefined ? textOf(v.plan) : (key?.plan ?? 'free')}
          error={errorOn(view.errors, 'plan')}
          words={words}
        />
        <Scopes chosen={chosen} error={errorOn(view.errors, 'scopes')} />
        <Field
          field={fields.expires}
          value={v.expires !== undefined ? textOf(v.expires) : dateOf(key?.expiresAt ?? null)}
          error={errorOn(view.errors, 'expires')}
          words={words}
        />
      </>
    );
  }

  const stateOf = (key: ApiKeyInfo, now: number) =>
    key.revokedAt
      ? k.revoked(m.activity.at(key.revokedAt))
      : key.expiresAt && Date.parse(key.expiresAt) <= now
        ? k.expired
        : k.active;

  async function showList(request: FastifyRequest, reply: FastifyReply, status: number, view: KeysView) {
    const list = await apiKeys.list();
    const now = Date.now();
    const token = <input type="hidden" name={csrfField} value={request.signedIn!.csrfToken} />;
    const c = k.columns;
    return sendFormPage(
      context,
      request,
      reply,
      status,
      k.title,
      { errors: view.errors },
      <>
        {view.issued && (
          <div class="notice done" role="status">
            <p>{k.created(view.issued.name)}</p>
            <p class="one-time-link">
              <code id="issued-key">{view.issued.key}</code>
            </p>
            <p>
              <button
                type="button"
                class="button secondary small"
                data-copy="issued-key"
                data-copied={k.copied}
                hidden
              >
                {k.copy}
              </button>
            </p>
            <p>
              <strong>{k.once}</strong>
            </p>
          </div>
        )}
        <p>{k.intro}</p>
        <h2>{k.listTitle}</h2>
        {list.length === 0 ? (
          <p>{k.none}</p>
        ) : (
          <ul class="staff-list">
            {list.map((key) => (
              <li key={key.id}>
                <h3>{key.name}</h3>
                <dl class="key-facts">
                  <div>
                    <dt>{c.state}</dt>
                    <dd>{stateOf(key, now)}</dd>
                  </div>
                  <div>
                    <dt>{c.plan}</dt>
                    <dd>{k.planNames[key.plan]}</dd>
                  </div>
                  <div>
                    <dt>{c.scopes}</dt>
                    <dd>{key.scopes.join(', ')}</dd>
                  </div>
                  <div>
                    <dt>{c.created}</dt>
                    <dd>{m.activity.at(key.createdAt)}</dd>
                  </div>
                  <div>
                    <dt>{c.lastUsed}</dt>
                    <dd>{key.lastUsedAt ? m.activity.at(key.lastUsedAt) : k.notUsed}</dd>
                  </div>
                  <div>
                    <dt>{c.expires}</dt>
                    <dd>{key.expiresAt ? dateOf(key.expiresAt) : k.never}</dd>
                  </div>
                </dl>
                {!key.revokedAt && (
                  <p class="link-line">
                    <a href={keyPath(key.id)}>{k.edit(key.name)}</a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        <h2>{k.createTitle}</h2>
        <form method="post" action={adminKeysPath} class="application" novalidate>
          {token}
          <KeyFields view={view.issued ? { errors: [], values: {} } : view} withName />
          <SubmitButton label={k.create} />
        </form>
      </>,
    );
  }

  scope.get('/admin/keys', async (request, reply) => {
    if (!isAdmin(request)) return sendForbidden(context, request, reply);
    return showList(request, reply, 200, { errors: [], values: {} });
  });

  scope.post('/admin/keys', async (request, reply) => {
    if (!isAdmin(request)) return sendForbidden(context, request, reply);
    const values = valuesOf(request.body);
    const { form, errors } = read(values, true, Date.now());
    if (errors.length > 0) return showList(request, reply, 400, { errors, values });
    const issued = await apiKeys.create({
      name: form.name!,
      plan: form.plan,
      scopes: form.scopes,
      expiresAt: form.expiresAt,
    });
    return showList(request, reply, 200, { errors: [], values: {}, issued });
  });

  /** The key of the path's id, not revoked; undefined (after sending 404) when there is none. */
  async function found(id: string): Promise<ApiKeyInfo | undefined> {
    try {
      return await apiKeys.get(id);
    } catch (error) {
      if (error instanceof UnknownApiKeyError) return undefined;
      throw error;
    }
  }

  async function showKey(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    key: ApiKeyInfo,
    view: KeysView & { done?: string; notice?: string },
  ) {
    return sendFormPage(
      context,
      request,
      reply,
      status,
      k.editTitle(key.name),
      { errors: view.errors, notice: view.notice },
      <>
        {view.done && (
          <p class="notice done" role="status">
            {view.done}
          </p>
        )}
        <p>{k.hint(key.hint)}</p>
        {key.plan === 'enterprise' || key.revokedAt ? (
          <p>{key.revokedAt ? k.refusedRevoked : k.enterprise}</p>
        ) : (
          <form method="post" action={keyPath(key.id)} class="application" novalidate>
            <input type="hidden" name={csrfField} value={request.signedIn!.csrfToken} />
            <KeyFields view={view} withName={false} key={key} />
            <SubmitButton label={k.save} />
          </form>
        )}
        {!key.revokedAt && (
          <p class="link-line">
            <a class="warning-link" href={`${keyPath(key.id)}/revoke`}>
              {k.revoke(key.name)}
            </a>
          </p>
        )}
        <p class="link-line">
          <a href={adminKeysPath}>{k.title}</a>
        </p>
      </>,
    );
  }

  scope.get<{ Params: { id: string } }>('/admin/keys/:id', async (request, reply) => {
    if (!isAdmin(request)) return sendForbidden(context, request, reply);
    const key = await found(request.params.id);
    if (!key) return sendNotFound(context, request, reply);
    const done = doneNotice(request, k.done);
    return showKey(request, reply, 200, key, { errors: [], values: {}, ...(done ? { done } : {}) });
  });

  scope.post<{ Params: { id: string } }>('/admin/keys/:id', async (request, reply) => {
    if (!isAdmin(request)) return sendForbidden(context, request, reply);
    const key = await found(request.params.id);
    if (!key) return sendNotFound(context, request, reply);
    const values = valuesOf(request.body);
    if (key.revokedAt || key.plan === 'enterprise')
      return showKey(request, reply, 409, key, {
        errors: [],
        values,
        notice: key.revokedAt ? k.refusedRevoked : k.enterprise,
      });
    const { form, errors } = read(values, false, Date.now());
    if (errors.length > 0) return showKey(request, reply, 400, key, { errors, values });
    if (form.plan !== key.plan) await apiKeys.setPlan(key.id, form.plan);
    if (form.scopes.join(' ') !== key.scopes.join(' ')) await apiKeys.setScopes(key.id, form.scopes);
    const expiresAt = key.expiresAt === null ? null : Date.parse(key.expiresAt);
    if (form.expiresAt !== expiresAt) await apiKeys.setExpiry(key.id, form.expiresAt);
    return seeOther(reply, `${keyPath(key.id)}?done=saved`);
  });

  scope.get<{ Params: { id: string } }>('/admin/keys/:id/revoke', async (request, reply) => {
    if (!isAdmin(request)) return sendForbidden(context, request, reply);
    const key = await found(request.params.id);
    if (!key) return sendNotFound(context, request, reply);
    if (key.revokedAt) return seeOther(reply, adminKeysPath);
    return sendConsolePage(
      context,
      request,
      reply,
      200,
      k.revokeTitle(key.name),
      <>
        <h1>{k.revokeTitle(key.name)}</h1>
        <p>{k.hint(key.hint)}</p>
        <p>{k.revokeText}</p>
        <form method="post" action={`${keyPath(key.id)}/revoke`}>
          <input type="hidden" name={csrfField} value={request.signedIn!.csrfToken} />
          <div class="actions">
            <button type="submit" class="button warning">
              {k.revokeSubmit}
            </button>
          </div>
        </form>
        <p class="link-line">
          <a href={keyPath(key.id)}>{k.back}</a>
        </p>
      </>,
    );
  });

  scope.post<{ Params: { id: string } }>('/admin/keys/:id/revoke', async (request, reply) => {
    if (!isAdmin(request)) return sendForbidden(context, request, reply);
    const key = await found(request.params.id);
    if (!key) return sendNotFound(context, request, reply);
    await apiKeys.revoke(key.id);
    return seeOther(reply, `${keyPath(key.id)}?done=revoked`);
  });
}
