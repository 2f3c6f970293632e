import { describe, expect, it } from 'vitest';
import { EMPTY_NEW_STAFF, newStaffProblems, newStaffRequest } from './new-staff-form.ts';

const good = { Email: 'sam@foyer.local', Name: 'Sam Seller', Role: 'Seller', Password: 'twelve chars' };

describe('the Add staff form', () => {
  it('has nothing to say about a complete form', () => {
    expect(newStaffProblems(good)).toEqual({});
  });

  it('names every missing field', () => {
    expect(newStaffProblems(EMPTY_NEW_STAFF)).toEqual({
      Email: { key: 'addStaff.emailRequired' },
      Name: { key: 'addStaff.nameRequired' },
      Role: { key: 'addStaff.roleRequired' },
      Password: { key: 'addStaff.passwordTooShort', values: { min: 12 } },
    });
  });

  it('refuses an e-mail without an @ and a domain, and a blank name', () => {
    expect(newStaffProblems({ ...good, Email: 'sam' }).Email?.key).toBe('addStaff.emailInvalid');
    expect(newStaffProblems({ ...good, Email: 'sam@local' }).Email?.key).toBe('addStaff.emailInvalid');
    expect(newStaffProblems({ ...good, Name: '   ' }).Name?.key).toBe('addStaff.nameRequired');
  });

  it('wants a password of 12 to 128 characters, counted as characters, not bytes', () => {
    expect(newStaffProblems({ ...good, Password: 'elevenchars' }).Password?.key).toBe(
      'addStaff.passwordTooShort',
    );
    expect(newStaffProblems({ ...good, Password: '🎭'.repeat(12) })).toEqual({});
    expect(newStaffProblems({ ...good, Password: 'x'.repeat(129) }).Password).toEqual({
      key: 'addStaff.passwordTooLong',
      values: { max: 128 },
    });
  });

  it('sends the e-mail and name trimmed and the password as typed', () => {
    expect(
      newStaffRequest({ ...good, Email: ' sam@foyer.local ', Name: ' Sam ', Password: ' spaced pass ' }),
    ).toEqual({
      Email: 'sam@foyer.local',
      Name: 'Sam',
      Role: 'Seller',
      Password: ' spaced pass ',
    });
  });
});
