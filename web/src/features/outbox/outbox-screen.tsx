import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxList, OutboxMessage } from '../../../../adapters/http/contract/outbox.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { fileSize } from './file-size.ts';
import './outbox.css';

// /outbox: the e-mail Foyer would have sent, in the default setup without an SMTP server, so a
// new user sees the order confirmation and its tickets PDF.

const useWhen = () => {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
};

export function OutboxScreen(props: { list: OutboxList; message: OutboxMessage | null }) {
  const { t } = useTranslation('admin');
  const router = useRouter();
  const when = useWhen();
  const { list, message } = props;
  usePageTitle(message ? `${message.Subject} · ${t('outbox.title')}` : t('outbox.title'));
  return (
    <div className="outbox">
      <div className="page-intro outbox__intro">
        <h1>{t('outbox.title')}</h1>
        <p>{t('outbox.intro')}</p>
        <p className="outbox__folder">
          {t('outbox.folder')} <code>{list.Folder}</code>
        </p>
        <button type="button" className="button button--secondary button--small" onClick={() => void router.invalidate()}>
          {t('outbox.refresh')}
        </button>
      </div>
      {list.Messages.length === 0 ? (
        <p className="empty-state">{t('outbox.empty')}</p>
      ) : (
        <div className="outbox__panes">
          <nav className="outbox__list" aria-label={t('outbox.listLabel')}>
            <p className="outbox__count">{t('outbox.count', { count: list.Total })}</p>
            <ul>
              {list.Messages.map((m) => (
                <li key={m.Name}>
                  <Link
                    to="/outbox/$name"
                    params={{ name: m.Name }}
                    className="outbox__item"
                    aria-current={m.Name === message?.Name ? 'page' : undefined}
                  >
                    <span className="outbox__item-subject">{m.Subject || t('outbox.noSubject')}</span>
                    <span className="outbox__item-meta">
                      <span>{m.To}</span>
                      <time dateTime={m.Date}>{when(m.Date)}</time>
                    </span>
                    {m.Attachments.length > 0 && (
                      <span className="outbox__item-attachments">
                        {t('outbox.attachmentCount', { count: m.Attachments.length })}
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {message ? <MessageView message={message} when={when} /> : null}
        </div>
      )}
    </div>
  );
}

function MessageView({ message, when }: { message: OutboxMessage; when: (iso: string) => string }) {
  const { t } = useTranslation('admin');
  const [view, setView] = useState<'html' | 'text'>(message.Html ? 'html' : 'text');
  return (
    <article className="outbox__message" aria-labelledby="outbox-subject">
      <h2 id="outbox-subject">{message.Subject || t('outbox.noSubject')}</h2>
      <dl className="outbox__headers">
        <dt>{t('outbox.from')}</dt>
        <dd>{message.From}</dd>
        <dt>{t('outbox.to')}</dt>
        <dd>{message.To}</dd>
        <dt>{t('outbox.date')}</dt>
        <dd>
          <time dateTime={message.Date}>{when(message.Date)}</time>
        </dd>
      </dl>
      {message.Attachments.length > 0 && (
        <ul className="outbox__attachments" aria-label={t('outbox.attachments')}>
          {message.Attachments.map((a) => (
            <li key={a.Index}>
              <a href={a.Url} download={a.FileName} className="outbox__attachment">
                <span className="outbox__attachment-icon" aria-hidden="true">
                  {a.ContentType === 'application/pdf' ? 'PDF' : 'FILE'}
                </span>
                <span>
                  <span className="outbox__attachment-name">{a.FileName}</span>
                  <span className="outbox__attachment-size">{fileSize(a.Size)}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="outbox__tabs" role="group" aria-label={t('outbox.bodyLabel')}>
        {message.Html !== null && (
          <button type="button" className="outbox__tab" aria-pressed={view === 'html'} onClick={() => setView('html')}>
            {t('outbox.html')}
          </button>
        )}
        {message.Text !== null && (
          <button type="button" className="outbox__tab" aria-pressed={view === 'text'} onClick={() => setView('text')}>
            {t('outbox.text')}
          </button>
        )}
        <a href={message.RawUrl} download={message.Name} className="outbox__raw">
          {t('outbox.download')}
        </a>
      </div>
      {view === 'html' && message.Html !== null ? (
        // An empty sandbox: the message's HTML is shown, never run (no scripts, forms or navigation).
        <iframe className="outbox__html" title={t('outbox.htmlTitle')} sandbox="" srcDoc={message.Html} />
      ) : (
        <pre className="outbox__text">{message.Text ?? ''}</pre>
      )}
    </article>
  );
}

export function OutboxLoading() {
  const { t } = useTranslation('admin');
  return <Loading label={t('outbox.loading')} />;
}

export function OutboxError({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  return <ErrorPanel title={t('outbox.error')} error={error} />;
}
