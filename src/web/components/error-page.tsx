// The friendly page of an error: what happened in plain words, and the way back to the list.
import type { Messages } from '../messages/en.js';
import { useSiteLinks } from './site-links.js';

export interface ErrorPageProps {
  messages: Messages;
  title: string;
  text: string;
}

export function ErrorPage({ messages, title, text }: ErrorPageProps) {
  const { to } = useSiteLinks();
  return (
    <>
      <h1>{title}</h1>
      <p class="intro">{text}</p>
      <p>
        <a class="button" href={to('/adopt')}>
          {messages.errors.back}
        </a>
      </p>
    </>
  );
}
