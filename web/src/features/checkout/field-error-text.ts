import type { TFunction } from 'i18next';
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
  return t(`checkout.error.${code}`);
};
