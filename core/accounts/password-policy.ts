// Passwords (OWASP ASVS 2.1): at least 12 characters and at most 128, any characters at all
// (spaces, emoji, every script), no composition rules; counted in code points after NFC, so a
// letter typed with a combining accent counts once.
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export type PasswordProblem = 'tooShort' | 'tooLong';

export const passwordLength = (password: string): number => [...password.normalize('NFC')].length;

export const passwordProblem = (password: string): PasswordProblem | null => {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN) return 'tooShort';
  if (length > PASSWORD_MAX) return 'tooLong';
  return null;
};

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  tooShort: `Choose a password of at least ${PASSWORD_MIN} characters.`,
  tooLong: `Choose a password of at most ${PASSWORD_MAX} characters.`,
};
