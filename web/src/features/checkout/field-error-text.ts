import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../core/accounts/password-policy.ts';
import type { FieldErrorCode } from './checkout-form.ts';

/** The words for a field's error; card codes use the card processor's familiar sentences. */
export const fieldErrorText = (
  t: TFunction,
  code: FieldErrorCode | 'server' | null,
  label: string,
  serverMessage: string | null = null,
): string | null => {
  if (code === null) return null;
  if (code === 'server') return serverMessage ?? t('checkout.error.server', { field: label });
  if (code === 'required') return t('checkout.error.required', { field: label });
  // The password's rules name the field and the limits.
  return t(`checkout.error.${code}`, { field: label, min: PASSWORD_MIN, max: PASSWORD_MAX });
};
