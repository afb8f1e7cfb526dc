// `/console/account`: change one's own password (which ends every other session of the account), and sign
// out everywhere; and `POST /console/sign-out`, which ends this session on the server.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignedIn } from '../../services/staff/sessions.js';
import { Field } from '../components/form-fields.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import { seeOther, type ConsoleContext } from './console-page.js';
import { errorOn, fieldWords, sendFormPage, SubmitButton } from './form-page.js';
import { csrfField } from './csrf.js';
import { clearSessionCookie } from './session-cookie.js';

export function accountRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const m = context.messages.console.account;
  const problems = context.messages.console.passwordProblems;
  const fields: Record<'current' | 'next', FormField> = {
    current: {
      name: 'current',
      kind: 'password',
      label: m.current,
      required: true,
      autocomplete: 'current-password',
    },
    next: {
      name: 'next',
      kind: 'password',
      label: m.next,
      hint: context.messages.console.welcome.hint,
      required: true,
      autocomplete: 'new-password',
    },
  };
  const words = fieldWords(context.messages);

  function show(
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: SignedIn,
    status: number,
    errors: FieldError[] = [],
    done?: string,
  ) {
    return sendFormPage(
      context,
      request,
      reply,
      status,
      m.title,
      { errors },
      <>
        {done && <p class="notice done">{done}</p>}
        <h2>{m.changePassword}</h2>
        <form method="post" action="/console/account/password" class="application" novalidate>
          <input type="hidden" name={csrfField} value={signedIn.csrfToken} />
          <Field field={fields.current} value="" error={errorOn(errors, 'current')} words={words} />
          <Field field={fields.next} value="" error={errorOn(errors, 'next')} words={words} />
          <SubmitButton label={m.change} />
        </form>
        <h2>{m.everywhere}</h2>
        <p>{m.everywhereHint}</p>
        <form method="post" action="/console/account/sign-out-everywhere">
          <input type="hidden" name={csrfField} value={signedIn.csrfToken} />
          <SubmitButton label={m.everywhere} />
        </form>
      </>,
    );
  }

  scope.get('/account', async (request, reply) => {
    const done =
      (request.query as Record<string, string | undefined>).done === 'password' ? m.changed : undefined;
    return show(request, reply, request.signedIn!, 200, [], done);
  });

  scope.post('/account/password', async (request, reply) => {
    const signedIn = request.signedIn!;
    const { current = '', next = '' } = request.body as Record<string, string | undefined>;
    const errors: FieldError[] = [];
    if (current === '') errors.push({ field: fields.current, message: m.enterCurrent });
    if (next === '') errors.push({ field: fields.next, message: problems['too-short'] });
    if (errors.length > 0) return show(request, reply, signedIn, 400, errors);
    const outcome = await context.staff.sessions.changePassword(signedIn, current, next);
    if (outcome === 'changed') return seeOther(reply, '/console/account?done=password');
    const refused =
      outcome === 'wrong-password'
        ? { field: fields.current, message: m.wrongPassword }
        : { field: fields.next, message: problems[outcome] };
    return show(request, reply, signedIn, 400, [refused]);
  });

  scope.post('/account/sign-out-everywhere', async (request, reply) => {
    await context.staff.sessions.signOutEverywhere(request.signedIn!);
    clearSessionCookie(reply);
    return seeOther(reply, '/console/sign-in?done=signed-out');
  });

  scope.post('/sign-out', async (request, reply) => {
    await context.staff.sessions.signOut(request.signedIn!.sessionId);
    clearSessionCookie(reply);
    return seeOther(reply, '/console/sign-in?done=signed-out');
  });
}
