// `/console/welcome?token=…`: the page a one-time link opens, where its person chooses a password. Saving it
// uses the link, ends the account's other sessions and signs in. The token travels in the page's form from
// then on; the request log never holds it (the console's URLs are logged without their query values).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaffAccount } from '../../domain/staff-account.js';
import { Field } from '../components/form-fields.js';
import type { FormField } from '../public/application-fields.js';
import type { FieldError } from '../public/application-errors.js';
import { sendConsolePage, seeOther, type ConsoleContext } from './console-page.js';
import { fieldWords, sendFormPage, SubmitButton } from './form-page.js';
import { setSessionCookie } from './session-cookie.js';

export function welcomeRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const m = context.messages.console.welcome;
  const problems = context.messages.console.passwordProblems;
  const field: FormField = {
    name: 'password',
    kind: 'password',
    label: m.password,
    hint: m.hint,
    required: true,
    autocomplete: 'new-password',
  };
  const words = fieldWords(context.messages);

  const linkGone = (request: FastifyRequest, reply: FastifyReply, state: 'used' | 'expired' | 'unknown') =>
    sendConsolePage(
      context,
      request,
      reply,
      state === 'unknown' ? 404 : 410,
      m.title,
      <>
        <h1>{m.title}</h1>
        <p class="notice">{m[state]}</p>
        <p class="link-line">
          <a href="/console/sign-in">{context.messages.console.signIn.title}</a>
        </p>
      </>,
    );

  const form = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    token: string,
    account: StaffAccount,
    errors: FieldError[],
  ) =>
    sendFormPage(
      context,
      request,
      reply,
      status,
      m.title,
      { errors },
      <>
        <p>{m.greeting(account.name, account.email)}</p>
        <form method="post" action="/console/welcome" class="application" novalidate>
          <input type="hidden" name="token" value={token} />
          {/* The account's email, for password managers to store the new password under. */}
          <input type="hidden" name="username" autocomplete="username" value={account.email} />
          <Field field={field} value="" error={errors[0]?.message} words={words} />
          <SubmitButton label={m.button} />
        </form>
      </>,
    );

  scope.get('/welcome', async (request, reply) => {
    const token = (request.query as Record<string, string | undefined>).token;
    const link = await context.staff.sessions.linkState(token);
    if (link.state !== 'ok') return linkGone(request, reply, link.state);
    return form(request, reply, 200, token!, link.account, []);
  });

  scope.post('/welcome', async (request, reply) => {
    const { token, password = '' } = request.body as Record<string, string | undefined>;
    const outcome = await context.staff.sessions.setPassword(token, password);
    if (outcome.outcome === 'link') return linkGone(request, reply, outcome.state);
    if (outcome.outcome === 'password') {
      const link = await context.staff.sessions.linkState(token);
      if (link.state !== 'ok') return linkGone(request, reply, link.state);
      return form(request, reply, 400, token!, link.account, [{ field, message: problems[outcome.problem] }]);
    }
    setSessionCookie(reply, outcome.sessionId, context.cookieSeconds);
    return seeOther(reply, '/console');
  });
}
