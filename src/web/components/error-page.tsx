// The friendly page of an error: what happened in plain words, and the way back to the list.
import type { Messages } from '../messages/en.js';

export interface ErrorPageProps {
  messages: Messages;
  title: string;
  text: string;
}

export function ErrorPage({ messages, title, text }: ErrorPageProps) {
  return (
    <>
      <h1>{title}</h1>
      <p class="intro">{text}</p>
      <p>
        <a class="button" href="/adopt">
          {messages.errors.back}
        </a>
      </p>
    </>
  );
}
