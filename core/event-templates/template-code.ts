// A template's code names its series in the storefront's URLs (/tickets/series/{code}) and in the
// season file, so it is short, upper-case letters and digits, and unique (the store refuses a
// taken one). Typed in any case: "hamlet26" is taken as "HAMLET26".

export const CODE_MAX_LENGTH = 20;

export type CodeCheck =
  | { readonly ok: true; readonly code: string }
  | { readonly ok: false; readonly reason: 'empty' | 'tooLong' | 'characters' };

export const checkTemplateCode = (typed: string): CodeCheck => {
  const code = typed.trim().toUpperCase();
  if (code === '') return { ok: false, reason: 'empty' };
  if (code.length > CODE_MAX_LENGTH) return { ok: false, reason: 'tooLong' };
  if (!/^[A-Z0-9]+$/.test(code)) return { ok: false, reason: 'characters' };
  return { ok: true, code };
};

export const CODE_REASONS = {
  empty: 'Please enter a code.',
  tooLong: `A code has at most ${CODE_MAX_LENGTH} characters.`,
  characters: 'A code has only letters A to Z and digits, without spaces.',
} as const;
