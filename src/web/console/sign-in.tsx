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
}

/** Where to go after signing in: a console path only, so that the link cannot send anyone elsewhere. */
export const safeNext = (next: unknown): string =>
  typeof next === 'string' &&
  /^\/console(\/[A-Za-z0-9/_-]*)?(\?[^\\]*)?$/.test(next) &&
  !next.startsWith('//')
    ? next
    : '/console';

export function signInRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const m = context.messages.console.signIn;
  const fields: Record<'email' | 'password', FormField> = {
    email: { name: 'email', kind: 'email', label: m.email, required: true, autocomplete: 'username' },
    password: {
      name: 'password',
      kind: 'password',
      label: m.password,
      required: true,
      autocomplete: 'current-password',
    },
  };
  const words = fieldWords(context.messages);

  function show(request: FastifyRequest, reply: FastifyReply, status: number, view: SignInView) {
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
          <Field
            field={fields.email}
            value={view.email}
            error={errorOn(view.errors, 'email')}
            words={words}
          />
          {/* A password is never sent back in a page, even a refused one. */}
          <Field field={fields.password} value="" error={errorOn(view.errors, 'password')} words={words} />
          <SubmitButton label={m.button} />
        </form>
      </>,
    );
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
    const errors: FieldError[] = [];
    if (email === '') errors.push({ field: fields.email, message: m.enterEmail });
    if (password === '') errors.push({ field: fields.password, message: m.enterPassword });
    if (errors.length > 0) return show(request, reply, 400, { email, errors, next });
    const outcome = await context.staff.sessions.signIn(email, password, request.ip);
    switch (outcome.outcome) {
      case 'signed-in':
        // The session this browser had, if any, ends: one browser, one session.
        if (request.signedIn) await context.staff.sessions.signOut(request.signedIn.sessionId);
        setSessionCookie(reply, outcome.sessionId, context.cookieSeconds);
        return seeOther(reply, next);
      case 'throttled':
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        return show(request, reply, 429, {
          email,
          errors: [],
          notice: m.throttled(outcome.retryAfterSeconds),
          next,
        });
      case 'disabled':
        return show(request, reply, 403, { email, errors: [], notice: m.disabled, next });
      default:
        return show(request, reply, 401, { email, errors: [], notice: m.refused, next });
    }
  });
}
