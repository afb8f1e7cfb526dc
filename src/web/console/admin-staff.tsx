// `/console/admin/staff` (admins alone): the staff accounts, and what `petstore staff` does to them, without a
// terminal. Invite (creates an account and shows its one-time link once, on the page the POST answers, never
// in a URL), change a role, disable or enable (which ends the account's sessions at once), and make a new
// sign-in link. Each goes through the staff accounts service, with its rules: a valid email, a name of 1 to
// 100 characters, no second account of an email, and never the last enabled admin disabled or demoted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { welcomeLinkOf } from '../../domain/console-links.js';
import type { StaffAccount } from '../../domain/staff-account.js';
import { administers, staffRoles, type StaffRole } from '../../domain/staff-roles.js';
import { idOfText } from '../../domain/resource-id.js';
import type { IssuedLink } from '../../services/staff/accounts.js';
import type { ActiveSession, SignedIn } from '../../services/staff/sessions.js';
import { StaffError } from '../../services/staff/staff-error.js';
import { Field } from '../components/form-fields.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import { originOfRequest } from '../site-origin.js';
import { doneNotice, seeOther, sendForbidden, sendNotFound, type ConsoleContext } from './console-page.js';
import { csrfField } from './csrf.js';
import { errorOn, fieldWords, sendFormPage, SubmitButton } from './form-page.js';

export const adminStaffPath = '/console/admin/staff';

const isRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (staffRoles as readonly string[]).includes(value);

const isAdmin = (signedIn: SignedIn | undefined): boolean =>
  signedIn !== undefined && administers(signedIn.account.role);

interface StaffView {
  errors: FieldError[];
  values: Record<string, string>;
  /** A link just made, shown this once. */
  issued?: { link: string; account: StaffAccount; invited: boolean };
  done?: string;
  /** A refusal that names no field, in the error summary. */
  notice?: string;
}

export function adminStaffRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const { accounts } = context.staff;
  const m = context.messages.console.admin;
  const words = fieldWords(context.messages);
  const at = (ms: number) => context.messages.console.activity.at(new Date(ms).toISOString());

  /** An account's sessions still valid, each with when it began and was last used; never an id. */
  function SessionList({ sessions }: { sessions: ActiveSession[] }) {
    if (sessions.length === 0) return <p class="hint">{m.noSessions}</p>;
    return (
      <ul class="sessions">
        {sessions.map((session) => (
          <li>{m.session(at(session.createdAt), at(session.lastSeenAt))}</li>
        ))}
      </ul>
    );
  }
  const fields: Record<'email' | 'name' | 'role', FormField> = {
    email: { name: 'email', kind: 'email', label: m.email, required: true, autocomplete: 'off' },
    name: { name: 'name', kind: 'text', label: m.name, required: true, autocomplete: 'off' },
    role: {
      name: 'role',
      kind: 'select',
      label: m.role,
      required: true,
      options: staffRoles.map((role) => ({ value: role, label: context.messages.console.roles[role] })),
    },
  };

  async function show(request: FastifyRequest, reply: FastifyReply, status: number, view: StaffView) {
    const signedIn = request.signedIn!;
    const [staff, sessions] = await Promise.all([accounts.list(), context.staff.sessions.activeByAccount()]);
    const roles = context.messages.console.roles;
    const token = <input type="hidden" name={csrfField} value={signedIn.csrfToken} />;
    return sendFormPage(
      context,
      request,
      reply,
      status,
      m.title,
      { errors: view.errors, notice: view.notice },
      <>
        {view.done && <p class="notice done">{view.done}</p>}
        {view.issued && (
          <div class="notice done">
            <p>
              {view.issued.invited
                ? m.invited(view.issued.account.name, view.issued.account.email)
                : m.reset(view.issued.account.name)}
            </p>
            <p class="one-time-link">
              <code>{view.issued.link}</code>
            </p>
            <p>{m.linkOnce}</p>
          </div>
        )}
        <h2>{m.inviteTitle}</h2>
        <form method="post" action={adminStaffPath} class="application" novalidate>
          {token}
          {(['name', 'email', 'role'] as const).map((name) => (
            <Field
              field={fields[name]}
              value={view.values[name] ?? (name === 'role' ? 'volunteer' : '')}
              error={errorOn(view.errors, name)}
              words={words}
            />
          ))}
          <SubmitButton label={m.invite} />
        </form>
        <h2>{m.accountsTitle}</h2>
        <ul class="staff-list">
          {staff.map((account) => (
            <li key={account.id}>
              <h3>{account.name}</h3>
              <p>
                {account.email} · {roles[account.role]} · {m.statuses[account.status]}
              </p>
              <SessionList sessions={sessions.get(account.id) ?? []} />
              <form method="post" action={`${adminStaffPath}/${account.id}/role`} class="inline-form">
                {token}
                <label for={`role-${account.id}`}>{m.roleOf(account.name)}</label>
                <select id={`role-${account.id}`} name="role">
                  {staffRoles.map((role) => (
                    <option value={role} selected={role === account.role}>
                      {roles[role]}
                    </option>
                  ))}
                </select>
                <button type="submit" class="button secondary small">
                  {m.changeRole}
                </button>
              </form>
              <form
                method="post"
                action={`${adminStaffPath}/${account.id}/${account.status === 'disabled' ? 'enable' : 'disable'}`}
                class="inline-form"
              >
                {token}
                <button type="submit" class="button secondary small">
                  {account.status === 'disabled' ? m.enable(account.name) : m.disable(account.name)}
                </button>
              </form>
              <form method="post" action={`${adminStaffPath}/${account.id}/reset`} class="inline-form">
                {token}
                <button type="submit" class="button secondary small">
                  {m.newLink(account.name)}
                </button>
              </form>
            </li>
          ))}
        </ul>
      </>,
    );
  }

  const issuedView = (request: FastifyRequest, issued: IssuedLink, invited: boolean): StaffView => ({
    errors: [],
    values: {},
    issued: {
      link: welcomeLinkOf(originOfRequest(context.publicUrl, request), issued.token),
      account: issued.account,
      invited,
    },
  });

  /** A refusal of the service, worded for the page and placed beside its field where it has one. */
  function refusal(error: StaffError): FieldError {
    const field = error.code === 'staff_name_invalid' ? fields.name : fields.email;
    return { field, message: m.refusals[error.code] };
  }

  scope.get('/admin/staff', async (request, reply) => {
    if (!isAdmin(request.signedIn)) return sendForbidden(context, request, reply);
    const done = doneNotice(request, m.done);
    return show(request, reply, 200, { errors: [], values: {}, ...(done ? { done } : {}) });
  });

  scope.post('/admin/staff', async (request, reply) => {
    if (!isAdmin(request.signedIn)) return sendForbidden(context, request, reply);
    const values = request.body as Record<string, string>;
    const role = values.role;
    if (!isRole(role))
      return show(request, reply, 400, { errors: [{ field: fields.role, message: m.chooseRole }], values });
    try {
      const issued = await accounts.create({ email: values.email ?? '', name: values.name ?? '', role });
      return show(request, reply, 200, issuedView(request, issued, true));
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      return show(request, reply, error.code === 'staff_exists' ? 409 : 400, {
        errors: [refusal(error)],
        values,
      });
    }
  });

  /**
   * A POST on the account of the path's id, for admins alone (checked before anything of the body is read):
   * `run` answers it, and a refusal of the service is shown with its reason, or as 404 for no such account.
   */
  async function onAccount(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    run: (id: string) => Promise<FastifyReply>,
  ) {
    if (!isAdmin(request.signedIn)) return sendForbidden(context, request, reply);
    const id = idOfText(request.params.id);
    if (id === undefined) return sendNotFound(context, request, reply);
    try {
      return await run(String(id));
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      if (error.code === 'staff_not_found') return sendNotFound(context, request, reply);
      return show(request, reply, 409, { errors: [], values: {}, notice: m.refusals[error.code] });
    }
  }

  /** An action whose answer is the list again, saying what it did. */
  const thenList = (reply: FastifyReply, done: keyof typeof m.done) =>
    seeOther(reply, `${adminStaffPath}?done=${done}`);

  scope.post<{ Params: { id: string } }>('/admin/staff/:id/role', (request, reply) =>
    onAccount(request, reply, async (id) => {
      const role = (request.body as Record<string, string>).role;
      if (!isRole(role)) return show(request, reply, 400, { errors: [], values: {}, notice: m.chooseRole });
      await accounts.setRole(id, role);
      return thenList(reply, 'role');
    }),
  );
  scope.post<{ Params: { id: string } }>('/admin/staff/:id/disable', (request, reply) =>
    onAccount(request, reply, async (id) => {
      await accounts.disable(id);
      return thenList(reply, 'disabled');
    }),
  );
  scope.post<{ Params: { id: string } }>('/admin/staff/:id/enable', (request, reply) =>
    onAccount(request, reply, async (id) => {
      await accounts.enable(id);
      return thenList(reply, 'enabled');
    }),
  );
  scope.post<{ Params: { id: string } }>('/admin/staff/:id/reset', (request, reply) =>
    onAccount(request, reply, async (id) =>
      show(request, reply, 200, issuedView(request, await accounts.reset(id), false)),
    ),
  );
}
