import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestEmail } from '../../../../core/accounts/email-typo.ts';
import { titleOptionsFor } from '../../../../core/i18n/titles.ts';
import { isShown, type ContactField } from './checkout-form.ts';
import { fieldErrorText } from './field-error-text.ts';
import { fieldId, TextField } from './form-field.tsx';
import type { CheckoutForm } from './use-checkout-form.ts';

const AUTOCOMPLETE: Record<ContactField, string> = {
  Title: 'honorific-prefix',
  FirstName: 'given-name',
  LastName: 'family-name',
  Organization: 'organization',
  Email: 'email',
  Phone: 'tel',
};

/** Where the sign-in offered by a refused registration comes back to. */
export const SIGN_IN_RETURN = '/checkout/payment';

/**
 * Name, e-mail and phone. Leaving the e-mail field with a likely typo in its domain offers the
 * corrected address (core/accounts/email-typo.ts); one press takes it. An
 * e-mail that already has an account (register at checkout) offers the sign-in page.
 */
export function ContactFields(props: {
  form: CheckoutForm;
  /** Whether the order has tickets to send (the e-mail hint says so). */
  sendsTickets: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { form } = props;
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const label = (name: ContactField) => t(`checkout.contact.${name}`);
  const field = (
    name: Exclude<ContactField, 'Title'>,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) =>
    isShown(form.rules, name) && (
      <TextField
        name={name}
        label={label(name)}
        value={form.text(name)}
        required={form.rules[name]?.required === true}
        autoComplete={AUTOCOMPLETE[name]}
        error={fieldErrorText(t, form.shownError(name), label(name), form.serverMessage(name))}
        onChange={(value) => form.change(name, value)}
        onBlur={() => form.blur(name)}
        {...extra}
      />
    );
  return (
    <div className="checkout-contact">
      {isShown(form.rules, 'Title') && (
        <div className="checkout-field checkout-contact__title">
          <label className="field-label" htmlFor={fieldId('Title')}>
            {label('Title')}
          </label>
          <select
            id={fieldId('Title')}
            className="text-input"
            autoComplete="honorific-prefix"
            value={form.text('Title')}
            onChange={(event) => form.change('Title', event.target.value)}
          >
            <option value="">{t('checkout.contact.noTitle')}</option>
            {titleOptionsFor(i18n.language === 'en' ? 'en-US' : i18n.language).map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="checkout-contact__names">
        {field('FirstName', { maxLength: 80 })}
        {field('LastName', { maxLength: 80 })}
      </div>
      {field('Organization', { maxLength: 120 })}
      {field('Email', {
        type: 'email',
        inputMode: 'email',
        maxLength: 200,
        hint: t(props.sendsTickets ? 'checkout.contact.emailHint' : 'checkout.contact.emailHintNoTickets'),
        onBlur: () => {
          form.blur('Email');
          setSuggestion(suggestEmail(form.text('Email').trim())?.full ?? null);
        },
      })}
      {form.accountExists && (
        <p className="checkout-sign-in">
          <Link to="/account/login" search={{ returnUrl: SIGN_IN_RETURN } as never}>
            {t('checkout.register.signIn')}
          </Link>
        </p>
      )}
      {suggestion && suggestion !== form.text('Email').trim() && (
        <p className="checkout-suggestion" role="status">
          <span>{t('checkout.contact.didYouMean', { email: suggestion })}</span>{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              form.change('Email', suggestion);
              setSuggestion(null);
              document.getElementById(fieldId('Email'))?.focus();
            }}
          >
            {t('checkout.contact.useSuggestion')}
          </button>
        </p>
      )}
      {field('Phone', { type: 'tel', inputMode: 'tel', maxLength: 40 })}
    </div>
  );
}
