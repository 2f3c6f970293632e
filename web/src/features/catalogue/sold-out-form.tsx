import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import { isEmailPattern } from '../../../../core/accounts/email-pattern.ts';
import { suggestEmail } from '../../../../core/accounts/email-typo.ts';
import { isApiError } from '../../api/api-error.ts';
import { requestTicketNotification } from './notifications-api.ts';
import type { PerformanceContext } from './performance-context.ts';

type Sending = { status: 'editing' } | { status: 'sending' } | { status: 'sent'; email: string };

/**
 * The sold-out panel: the series' SoldOutHeader and SoldOutMessage, and the e-mail form
 * (POST /api/ticketnotificationrequests). Errors show on blur and submit; a likely typo in the
 * domain is offered once before sending (the e-mail typo suggester).
 */
export function SoldOutPanel({ event, context }: { event: Event; context: PerformanceContext }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [offered, setOffered] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState<Sending>({ status: 'editing' });
  const input = useRef<HTMLInputElement>(null);

  const trimmed = email.trim();
  const fieldError = !trimmed
    ? t('soldOut.emailRequired')
    : !isEmailPattern(trimmed)
      ? t('soldOut.emailInvalid')
      : null;
  const suggestion = fieldError ? null : suggestEmail(trimmed);
  const showSuggestion = touched && suggestion !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setServerError(null);
    if (fieldError) return;
    // Ask once about a likely typo before sending what was typed.
    if (suggestion && offered !== trimmed) {
      setOffered(trimmed);
      return;
    }
    setSending({ status: 'sending' });
    try {
      const receipt = await requestTicketNotification({ EventID: event.ID, Email: trimmed });
      setSending({ status: 'sent', email: receipt.Email });
    } catch (error) {
      setSending({ status: 'editing' });
      setServerError(
        isApiError(error) && error.status === 0
          ? t('error.network')
          : ((isApiError(error) ? error.serverMessage : undefined) ?? t('error.generic')),
      );
    }
  };

  const describedBy = [touched && fieldError ? `${id}-error` : null, showSuggestion ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <section className="sold-out" aria-labelledby={`${id}-title`}>
      <p className="sold-out__title" id={`${id}-title`}>
        {context.series.SoldOutHeader || t('soldOut.header')}
      </p>
      <p className="sold-out__message">{context.series.SoldOutMessage || t('soldOut.message')}</p>
      {sending.status === 'sent' ? (
        <p className="sold-out__done" role="status">
          <span aria-hidden="true">✓ </span>
          {t('soldOut.thanks', { email: sending.email })}
        </p>
      ) : (
        <form className="sold-out__form" noValidate onSubmit={(e) => void submit(e)}>
          <label htmlFor={`${id}-email`} className="field-label">
            {t('soldOut.emailLabel')}
          </label>
          <div className="inline-form">
            <input
              ref={input}
              id={`${id}-email`}
              className="text-input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              value={email}
              aria-invalid={touched && fieldError !== null}
              aria-describedby={describedBy || undefined}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched(true)}
            />
            <button
              type="submit"
              className="button button--secondary"
              disabled={sending.status === 'sending'}
            >
              {sending.status === 'sending' ? t('soldOut.sending') : t('soldOut.notifyMe')}
            </button>
          </div>
          {touched && fieldError && (
            <p className="field-error" id={`${id}-error`}>
              {fieldError}
            </p>
          )}
          {showSuggestion && (
            <p className="field-hint" id={`${id}-hint`} role="status">
              {t('soldOut.didYouMean')}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setEmail(suggestion.full);
                  setOffered(null);
                  input.current?.focus();
                }}
              >
                {suggestion.full}
              </button>
              ?
            </p>
          )}
          {serverError && (
            <p className="field-error" role="alert">
              {serverError}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
