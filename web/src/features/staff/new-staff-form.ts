import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../../../../core/accounts/password-policy.ts';

// The "Add staff" form's fields and the checks made before it is sent (the server checks again
// and its Message is shown for anything else: an e-mail already taken, a refused role).

export interface NewStaffForm {
  readonly Email: string;
  readonly Name: string;
  readonly Role: string;
  readonly Password: string;
}

export type NewStaffField = keyof NewStaffForm;

export const EMPTY_NEW_STAFF: NewStaffForm = { Email: '', Name: '', Role: '', Password: '' };

/** An admin string key and its values, for each field with a problem. */
export type NewStaffProblems = Partial<
  Record<NewStaffField, { readonly key: string; readonly values?: Record<string, number> }>
>;

// Something@something.something, no spaces: the server's zod e-mail rule decides the rest.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const newStaffProblems = (form: NewStaffForm): NewStaffProblems => {
  const problems: Record<string, { key: string; values?: Record<string, number> }> = {};
  const email = form.Email.trim();
  if (!email) problems.Email = { key: 'addStaff.emailRequired' };
  else if (!LOOKS_LIKE_EMAIL.test(email)) problems.Email = { key: 'addStaff.emailInvalid' };
  if (!form.Name.trim()) problems.Name = { key: 'addStaff.nameRequired' };
  if (!form.Role) problems.Role = { key: 'addStaff.roleRequired' };
  const password = passwordProblem(form.Password);
  if (password === 'tooShort')
    problems.Password = { key: 'addStaff.passwordTooShort', values: { min: PASSWORD_MIN } };
  if (password === 'tooLong')
    problems.Password = { key: 'addStaff.passwordTooLong', values: { max: PASSWORD_MAX } };
  return problems;
};

/** The request body: trimmed e-mail and name, the password exactly as typed. */
export const newStaffRequest = (form: NewStaffForm): NewStaffForm => ({
  Email: form.Email.trim(),
  Name: form.Name.trim(),
  Role: form.Role,
  Password: form.Password,
});
