// What every console route is given: the words, the settings, the staff use cases, and the one way to send
// a page (never cached, by anyone: a console page holds what one person may see).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { h, type ComponentChildren } from 'preact';
import { render } from 'preact-render-to-string';
import type { Staff } from '../../services/staff/index.js';
import type { Messages } from '../messages/en.js';
import { ConsoleLayout } from './console-layout.js';

/**
 * A form that survives its session's end: posted after the session expired, its values travel through the
 * sign-in page (in hidden fields, never the URL), and once signed in it is shown again filled, unsaved.
 */
export interface ResumableForm {
  path: RegExp;
  /** Shows the form at `path` filled with `values`, for the request just signed in. */
  resume(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    values: Record<string, string>,
  ): Promise<FastifyReply>;
}

export interface ConsoleContext {
  messages: Messages;
  publicUrl: string;
  staff: Staff;
  stylesheetHref: string;
  /** The console's script, an enhancement only. */
  scriptHref: string;
  /** How long the session cookie is kept, in seconds: the session's longest life. */
  cookieSeconds: number;
  /** The forms a sign-in in the middle of an edit takes back to. */
  resumable: ResumableForm[];
}

export function sendConsolePage(
  context: ConsoleContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  title: string,
  content: ComponentChildren,
): FastifyReply {
  const page = h(ConsoleLayout, {
    messages: context.messages,
    title,
    stylesheetHref: context.stylesheetHref,
    scriptHref: context.scriptHref,
    signedIn: request.signedIn,
    newApplications: request.newApplications,
    children: content,
  });
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>${render(page)}`);
}

/**
 * What the page says it did, after the redirect of an action (`?done=approve`): the words of `done` among
 * the page's own, or undefined for anything else (the query is never shown as it came).
 */
export function doneNotice(request: FastifyRequest, words: Record<string, string>): string | undefined {
  const done = (request.query as Record<string, unknown>).done;
  return typeof done === 'string' && Object.hasOwn(words, done) ? words[done] : undefined;
}

/** A redirect after a POST, to a page of the console: 303, so that the browser GETs it. */
export const seeOther = (reply: FastifyReply, path: string): FastifyReply =>
  reply.code(303).header('cache-control', 'no-store').header('location', path).send();

/** 403 for a page the role may not open: the page names no data, only what to do. */
export function sendForbidden(
  context: ConsoleContext,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const e = context.messages.console.errors;
  return sendConsolePage(context, request, reply, 403, e.forbiddenTitle, [
    h('h1', null, e.forbiddenTitle),
    h('p', null, e.forbiddenText),
  ]);
}

/**
 * An error page of the console: 404 for a page or an animal that does not exist, a refused request (a body
 * too large, of another type) or a fault, each with the way back to the animals.
 */
export function sendErrorPage(
  context: ConsoleContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
): FastifyReply {
  const e = context.messages.errors;
  const [title, text] =
    status === 404
      ? [e.notFoundTitle, undefined]
      : status < 500
        ? [e.badRequestTitle, context.messages.console.errors.refusedText]
        : [e.serverTitle, e.serverText];
  return sendConsolePage(context, request, reply, status, title, [
    h('h1', null, title),
    text && h('p', null, text),
    h('p', { class: 'link-line' }, h('a', { href: '/console' }, context.messages.console.nav.animals)),
  ]);
}

export const sendNotFound = (context: ConsoleContext, request: FastifyRequest, reply: FastifyReply) =>
  sendErrorPage(context, request, reply, 404);
