// The application form's routes: `GET` renders it; `POST` checks where it came from, its robot trap and its
// token, then its fields with the API's own schema, then the per-address budget, and submits it through the
// applications service, the one the API uses. A refused form comes back with every value as typed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { VNode } from 'preact';
import type { NewApplication } from '../../domain/application-schema.js';
import type { Pet } from '../../domain/pet.js';
import { ApiError } from '../../errors/api-error.js';
import type { PageHead } from '../components/layout.js';
import type { Messages } from '../messages/en.js';
import { sendUncachedPage } from '../page-reply.js';
import { applicationGroups, readApplication, type FormGroup, type FormValues } from './application-fields.js';
import { applicationErrors, type FieldError } from './application-errors.js';
import { ApplicationPage, ApplicationSentPage, tokenField, trapField } from './application-page.js';
import { isFormBody, readFormBody } from './form-body.js';

export interface ApplyRoutesOptions {
  messages: Messages;
  /** The page's frame: layout, head and all, with the shelter's details as the request reads them. */
  framed: (request: FastifyRequest, head: PageHead, content: VNode) => Promise<VNode>;
  /** A friendly error page of this status; `text` in place of the status's own words. */
  errorPage: (request: FastifyRequest, status: number, text?: string) => Promise<VNode>;
  /** The animal a page may show, or none (unknown, sold, removed or unpublished). */
  shownPet: (param: string) => Promise<Pet | undefined>;
  originOf: (request: FastifyRequest) => string;
  /** Largest form body, in bytes: the API's own limit for a submission. */
  bodyLimit: number;
}

const page = { schema: { hide: true } };

interface Refused {
  status: number;
  values: FormValues;
  errors: FieldError[];
  notice?: string;
  groups?: FormGroup[];
}

export async function applyRoutes(adopt: FastifyInstance, options: ApplyRoutesOptions): Promise<void> {
  const { messages, framed, errorPage, shownPet, originOf, bodyLimit } = options;
  const { applications, formTokens } = adopt.services;
  const limiter = adopt.rateLimiter;
  const m = messages.apply;
  readFormBody(adopt, bodyLimit);

  /** The animal of `/adopt/pets/{id}/apply`, none for `/adopt/apply`; null when the page does not exist. */
  async function petOf(request: FastifyRequest): Promise<Pet | undefined | null> {
    const { id } = request.params as { id?: string };
    if (id === undefined) return undefined;
    return (await shownPet(id)) ?? null;
  }

  async function sendForm(
    request: FastifyRequest,
    reply: FastifyReply,
    pet: Pet | undefined,
    refused?: Refused,
  ) {
    // The groups the refused form was checked against, so that its page shows the very same questions.
    const groups = refused?.groups ?? applicationGroups(messages, (await applications.form()).questions);
    const title = m.title(pet?.name);
    const head: PageHead = { title: refused ? m.errors.titlePrefix + title : title, noIndex: true };
    return sendUncachedPage(
      reply,
      refused?.status ?? 200,
      await framed(
        request,
        head,
        <ApplicationPage
          messages={messages}
          pet={pet && { id: pet.id, name: pet.name, pending: pet.status === 'pending' }}
          action={request.url.split('?')[0]!}
          groups={groups}
          values={refused?.values ?? {}}
          errors={refused?.errors ?? []}
          notice={refused?.notice}
          token={formTokens.issue()}
        />,
      ),
    );
  }

  const sent = async (request: FastifyRequest, reply: FastifyReply, email: string) =>
    sendUncachedPage(
      reply,
      200,
      await framed(
        request,
        { title: m.sent.title, noIndex: true },
        <ApplicationSentPage messages={messages} email={email} />,
      ),
    );

  async function show(request: FastifyRequest, reply: FastifyReply) {
    const pet = await petOf(request);
    if (pet === null) return sendUncachedPage(reply, 404, await errorPage(request, 404));
    return sendForm(request, reply, pet);
  }

  async function receive(request: FastifyRequest, reply: FastifyReply) {
    // No cookie holds a session here, so the form's own token and the Origin header stand against forgery.
    if (request.headers.origin !== originOf(request))
      return sendUncachedPage(reply, 403, await errorPage(request, 403, m.errors.origin));
    // The form's own encoding alone: a JSON body is for the API, and its values need not be texts.
    if (!isFormBody(request)) return sendUncachedPage(reply, 415, await errorPage(request, 415));
    const pet = await petOf(request);
    if (pet === null) return sendUncachedPage(reply, 404, await errorPage(request, 404));
    const values = request.body as FormValues;
    const email = (values['applicant.email'] ?? '').trim();
    if ((values[trapField] ?? '') !== '') {
      // A robot: it is told what a person would be, and nothing is stored.
      request.log.info('application form: the robots’ field was filled in; nothing stored');
      return sent(request, reply, email);
    }
    const verdict = formTokens.check(values[tokenField]);
    if (verdict !== 'ok') {
      request.log.info({ verdict }, 'application form: its token was refused');
      const notice = verdict === 'too-fast' ? m.errors.tooFast : m.errors.expired;
      return sendForm(request, reply, pet, { status: 400, values, errors: [], notice });
    }
    const questions = (await applications.form()).questions;
    const groups = applicationGroups(messages, questions);
    const { body, rows } = readApplication(groups, values, pet?.id ?? null);
    const errors = applicationErrors(groups, questions, body, rows, messages);
    if (errors.length > 0) return sendForm(request, reply, pet, { status: 400, values, errors, groups });
    const budget = await limiter?.limitFormSubmissions(request.ip);
    if (budget?.refusal) {
      const seconds = budget.refusal.retryAfterSeconds;
      reply.header('retry-after', String(seconds));
      const notice = m.errors.tooMany(Math.ceil(seconds / 60));
      return sendForm(request, reply, pet, { status: 429, values, errors: [], notice, groups });
    }
    try {
      await applications.submit(body as NewApplication);
    } catch (error) {
      // An open application from the same address for the same animal: the page must not tell anyone so.
      if (!(error instanceof ApiError) || error.code !== 'application_exists') throw error;
    }
    return sent(request, reply, email);
  }

  for (const path of ['/apply', '/pets/:id/apply']) {
    adopt.get(path, page, show);
    adopt.post(path, page, receive);
  }
}
