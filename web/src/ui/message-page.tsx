import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title.ts';

export type MessageTone = 'info' | 'warning';

/** A one-message screen: not found, expired, not open yet. */
export function MessagePage(props: {
  title: string;
  body: ReactNode;
  actions: ReactNode;
  tone?: MessageTone;
}) {
  usePageTitle(props.title);
  return (
    <section className={`message-page message-page--${props.tone ?? 'info'}`} aria-labelledby="message-title">
      <div className="message-page__icon" aria-hidden="true">
        {props.tone === 'warning' ? '!' : '✦'}
      </div>
      <h1 id="message-title">{props.title}</h1>
      <p className="message-page__body">{props.body}</p>
      <div className="message-page__actions">{props.actions}</div>
    </section>
  );
}
