// `/console/sign-in`: email and password, after the GOV.UK Design System's sign-in pattern. Every refusal
// of a known or unknown email reads the same; throttled attempts are told how long to wait. On success the
// browser gets a new session id (never one it brought) and goes where it was headed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Field } from '../components/form-fields.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import { seeOther, type ConsoleContext } from './console-page.js';
import { errorOn, fieldWords, sendFormPage, SubmitButton } from './form-page.js';
import { keepsSecureCookies, setSessionCookie } from './session-cookie.js';

interface SignInView {
  email: string;
  errors: FieldError[];
  notice?: string | undefined;
  info?: string | undefined;
  next: string;
  /** The values of a form whose session ended before it was saved, carried through the sign-in. */
  carried?: Record<string, string>;
}

/** The name prefix of a carried form's values in the sign-in form. */
const carriedPrefix = 'carried.';
/** What is never carried: the ended session's token, and the sign-in's own fields. */
const notCarried = new Set(['csrf', 'email', 'password', 'next']);

const carriedIn = (body: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([name]) => name.startsWith(carriedPrefix))
      .map(([name, value]) => [name.slice(carriedPrefix.length), value ?? '']),
  );

/** The sign-in page in place of a form posted after its session ended: its values kept in the page. */
export function signInToResume(context: ConsoleContext, request: FastifyRequest, reply: FastifyReply) {
  const body = (request.body ?? {}) as Record<string, string>;
  const path = request.url.split('?')[0]!;
  // Only a form that can come back is carried (an edit); any other POST (sign out) starts again at the list.
  if (!context.resumable.some((form) => form.path.test(path)))
    return showSignIn(context, request, reply, 401, {
      email: '',
      errors: [],
      info: context.messages.console.signIn.expired,
      next: '/console',
    });
  const carried = Object.fromEntries(Object.entries(body).filter(([name]) => !notCarried.has(name)));
  return showSignIn(context, request, reply, 401, {
    email: '',
    errors: [],
    info: context.messages.console.signIn.resume,
    next: path,
    carried,
  });
}

/** Where to go after signing in: a console path only, so that the link cannot send anyone elsewhere. */
export const safeNext = (next: unknown): string =>
  typeof next === 'string' &&
  // Visible characters only, and no backslash: nothing a Location header or a browser could read otherwise.
  /^\/console(\/[A-Za-z0-9/_-]*)?(\?[!-[\]-~]*)?$/.test(next) &&
  !next.startsWith('//')
    ? next
    : '/console';

const fieldsOf = (context: ConsoleContext): Record<'email' | 'password', FormField> => {
  const m = context.messages.console.signIn;
  return {
    email: { name: 'email', kind: 'email', label: m.email, required: true, autocomplete: 'username' },
    password: {
      name: 'password',
      kind: 'password',
      label: m.password,
      required: true,
      autocomplete: 'current-password',
    },
  };
};

function showSignIn(
  context: ConsoleContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  view: SignInView,
) {
  const m = context.messages.console.signIn;
  const fields = fieldsOf(context);
  const words = fieldWords(context.messages);
  return sendFormPage(
    context,
    request,
    reply,
    status,
    m.title,
    view,
    <>
      {view.info && <p class="notice done">{view.info}</p>}
      {!keepsSecureCookies(request) && <p class="notice">{m.needsHttps}</p>}
      <form method="post" action="/console/sign-in" class="application" novalidate>
        <input type="hidden" name="next" value={view.next} />
        {Object.entries(view.carried ?? {}).map(([name, value]) => (
          <input type="hidden" name={carriedPrefix + name} value={value} />
        ))}
        <Field field={fields.email} value={view.email} error={errorOn(view.errors, 'email')} words={words} />
        {/* A password is never sent back in a page, even a refused one. */}
        <Field field={fields.password} value="" error={errorOn(view.errors, 'password')} words={words} />
        <SubmitButton label={m.button} />
      </form>
    </>,
  );
}

export function signInRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const m = context.messages.console.signIn;
  const fields = fieldsOf(context);
  const show = (request: FastifyRequest, reply: FastifyReply, status: number, view: SignInView) =>
    showSignIn(context, request, reply, status, view);

  /** After signing in: the carried form shown again, filled and unsaved, or the page the browser was headed to. */
  async function resumeOrGo(
    request: FastifyRequest,
    reply: FastifyReply,
    sessionId: string,
    next: string,
    carried: Record<string, string>,
  ) {
    const form = context.resumable.find(({ path }) => path.test(next));
    if (!form || Object.keys(carried).length === 0) return seeOther(reply, next);
    request.signedIn = await context.staff.sessions.session(sessionId);
    return form.resume(request, reply, next, carried);
  }

  scope.get('/sign-in', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const next = safeNext(query.next);
    if (request.signedIn) return seeOther(reply, next);
    const info = query.done === 'signed-out' ? m.signedOut : query.done === 'expired' ? m.expired : undefined;
    return show(request, reply, 200, { email: '', errors: [], info, next });
  });

  scope.post('/sign-in', async (request, reply) => {
    const body = request.body as Record<string, string | undefined>;
    const email = (body.email ?? '').trim();
    const password = body.password ?? '';
    const next = safeNext(body.next);
    const carried = carriedIn(body);
    const errors: FieldError[] = [];
    if (email === '') errors.push({ field: fields.email, message: m.enterEmail });
    if (password === '') errors.push({ field: fields.password, message: m.enterPassword });
    if (errors.length > 0) return show(request, reply, 400, { email, errors, next, carried });
    const outcome = await context.staff.sessions.signIn(email, password, request.ip);
    switch (outcome.outcome) {
      case 'signed-in':
        // The session this browser had, if any, ends: one browser, one session.
        if (request.signedIn) await context.staff.sessions.signOut(request.signedIn.sessionId);
        setSessionCookie(reply, outcome.sessionId, context.cookieSeconds);
        return resumeOrGo(request, reply, outcome.sessionId, next, carried);
      case 'throttled':
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        return show(request, reply, 429, {
          email,
          errors: [],
          notice: m.throttled(outcome.retryAfterSeconds),
          next,
          carried,
        });
      case 'disabled':
        return show(request, reply, 403, { email, errors: [], notice: m.disabled, next, carried });
      default:
        return show(request, reply, 401, { email, errors: [], notice: m.refused, next, carried });
    }
  });
}
