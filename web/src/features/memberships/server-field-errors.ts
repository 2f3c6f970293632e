import { isApiError } from '../../api/api-error.ts';
import { GIFT_FIELDS, type GiftField } from './membership-choice.ts';

// A refused membership (400) names its fields: Errors, a list of { field, message } (or a map of
// field to message), in the request body's field names. Each is shown by its field.

const isGiftField = (name: unknown): name is GiftField =>
  typeof name === 'string' && (GIFT_FIELDS as readonly string[]).includes(name);

export const serverFieldErrors = (error: unknown): Partial<Record<GiftField, string>> => {
  if (!isApiError(error) || error.status !== 400) return {};
  const errors = (error.body as { Errors?: unknown } | null)?.Errors;
  const found: Partial<Record<GiftField, string>> = {};
  const add = (field: unknown, message: unknown) => {
    if (isGiftField(field) && typeof message === 'string' && message && !found[field]) found[field] = message;
  };
  if (Array.isArray(errors))
    for (const item of errors as unknown[]) {
      const entry = (item ?? {}) as Record<string, unknown>;
      add(entry.field ?? entry.Field, entry.message ?? entry.Message);
    }
  else if (errors && typeof errors === 'object')
    for (const [field, message] of Object.entries(errors))
      add(field, Array.isArray(message) ? message[0] : message);
  return found;
};
