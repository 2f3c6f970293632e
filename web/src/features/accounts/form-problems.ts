import { isEmailPattern } from '../../../../core/accounts/email-pattern.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../../../../core/accounts/password-policy.ts';

// What is wrong with a field of the account forms, as a code; the form says it in words with the
// field's label (problem-text.ts). The server checks the same rules and has the last word.

export type Problem = 'required' | 'email' | 'tooShort' | 'tooLong' | 'mismatch' | 'rewards';

export { PASSWORD_MAX, PASSWORD_MIN };

export const requiredProblem = (value: string): Problem | null => (value.trim() ? null : 'required');

export const emailProblem = (value: string): Problem | null => {
  const email = value.trim();
  if (!email) return 'required';
  return isEmailPattern(email) ? null : 'email';
};

/**
 * A new password: at least 12 and at most 128 characters, counted in code points after NFC
 * (an accented letter typed as letter + accent counts once, an emoji once).
 */
export const newPasswordProblem = (password: string): Problem | null =>
  password === '' ? 'required' : passwordProblem(password);

/** The confirmation must repeat the password exactly. */
export const confirmProblem = (password: string, confirmation: string): Problem | null => {
  if (confirmation === '') return 'required';
  return confirmation === password ? null : 'mismatch';
};

/** An audience rewards number has exactly 9 digits; empty means none. */
export const rewardsProblem = (value: string): Problem | null =>
  /^(\d{9})?$/.test(value.trim()) ? null : 'rewards';

export type Problems<F extends string> = Readonly<Partial<Record<F, Problem | null>>>;

/** The first field with a problem, in the order the fields are given (top of the form first). */
export const firstProblemField = <F extends string>(
  order: readonly F[],
  problems: Problems<F>,
): F | undefined => order.find((field) => problems[field]);
