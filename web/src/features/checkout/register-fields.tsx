import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../core/accounts/password-policy.ts';
import { isShown, type PasswordField } from './checkout-form.ts';
import { fieldErrorText } from './field-error-text.ts';
import { fieldId, TextField } from './form-field.tsx';
import type { CheckoutForm } from './use-checkout-form.ts';

/**
 * Register at checkout: a buyer who is not signed in may make an account of the details above
 * (HasJustRegistered); ticking it asks for the password twice, checked as the register page
 * checks it. The server makes the account before charging and signs this browser in.
 */
export function RegisterFields(props: { form: CheckoutForm }) {
  const { t } = useTranslation();
  const { form } = props;
  if (!isShown(form.rules, 'HasJustRegistered')) return null;
  const id = fieldId('HasJustRegistered');
  const label = (name: PasswordField) => t(`checkout.register.${name}`);
  const field = (name: PasswordField, extra: Partial<Parameters<typeof TextField>[0]> = {}) =>
    isShown(form.rules, name) && (
      <TextField
        name={name}
        label={label(name)}
        type="password"
        autoComplete="new-password"
        value={form.text(name)}
        required
        error={fieldErrorText(t, form.shownError(name), label(name), form.serverMessage(name))}
        onChange={(value) => form.change(name, value)}
        onBlur={() => form.blur(name)}
        {...extra}
      />
    );
  return (
    <div className="checkout-register">
      <label className="basket-check">
        <input
          id={id}
          type="checkbox"
          checked={form.checked('HasJustRegistered')}
          aria-describedby={`${id}-hint`}
          onChange={(event) => form.change('HasJustRegistered', event.target.checked)}
        />
        <span>{t('checkout.register.offer')}</span>
      </label>
      <p className="field-hint checkout-register__hint" id={`${id}-hint`}>
        {t('checkout.register.hint')}
      </p>
      {form.checked('HasJustRegistered') && (
        <div className="checkout-register__passwords">
          {field('Password', {
            hint: t('checkout.register.passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
          })}
          {field('ConfirmPassword')}
        </div>
      )}
    </div>
  );
}
