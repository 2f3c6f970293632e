import { describe, expect, it } from 'vitest';
import type { AccountDetails } from '../../../../adapters/http/contract/account.ts';
import {
  detailsProblems,
  detailsValuesOf,
  emailChanged,
  optInsRequestOf,
  readOnlyTags,
  tagIdForOptIn,
  updateRequestOf,
  withoutOptIn,
} from './details-form.ts';

const tag = (id: number, typeId: number, name: string, kind: string) => ({
  ID: id,
  customerId: 7,
  customerTagType: { ID: typeId, Name: name, Kind: kind, OptInText: null },
});

const account = (overrides: Partial<AccountDetails> = {}): AccountDetails => ({
  ID: 7,
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Email: 'ada@example.com',
  Phone: null,
  CustomerRewardsNumber: null,
  BillToAddress1: '1 Analytical Row',
  BillToAddress2: null,
  BillToCity: 'Springfield',
  BillToState: 'IL',
  BillToPostalCode: '62701',
  BillToCountryCode: 'US',
  customerTags: [tag(31, 1, 'Membership', 'Membership'), tag(32, 2, 'Newsletter', 'MarketingOptIn')],
  OptIns: [
    { ID: 2, Name: 'Newsletter', OptInText: 'News', Subscribed: true },
    { ID: 3, Name: 'Presales', OptInText: null, Subscribed: false },
  ],
  ...overrides,
});

describe('the account-details edit form', () => {
  it('starts from the account, empty text for what is not given', () => {
    const values = detailsValuesOf(account());
    expect(values).toMatchObject({ FirstName: 'Ada', Phone: '', BillToAddress2: '', CurrentPassword: '' });
  });

  it('asks for the current password only when the e-mail address changes', () => {
    const details = account();
    const same = { ...detailsValuesOf(details), Email: ' ADA@example.com ' };
    expect(emailChanged(same, details)).toBe(false);
    expect(detailsProblems(same, details).CurrentPassword).toBeNull();
    expect(updateRequestOf(same, details)).not.toHaveProperty('CurrentPassword');

    const moved = { ...same, Email: 'ada@analytical.example' };
    expect(detailsProblems(moved, details).CurrentPassword).toBe('required');
    const request = updateRequestOf({ ...moved, CurrentPassword: 'my old passphrase' }, details);
    expect(request).toMatchObject({ Email: 'ada@analytical.example', CurrentPassword: 'my old passphrase' });
  });

  it('checks names, e-mail and a 9-digit rewards number', () => {
    const details = account();
    const problems = detailsProblems(
      { ...detailsValuesOf(details), FirstName: ' ', Email: 'nope', CustomerRewardsNumber: '1234' },
      details,
    );
    expect(problems).toMatchObject({
      FirstName: 'required',
      Email: 'email',
      CustomerRewardsNumber: 'rewards',
    });
  });

  it('sends trimmed text and null for emptied fields, without marketing lists', () => {
    const details = account();
    const request = updateRequestOf(
      {
        ...detailsValuesOf(details),
        Phone: ' ',
        BillToCity: ' Chicago ',
        CustomerRewardsNumber: '123456789',
      },
      details,
    );
    expect(request).toMatchObject({ Phone: null, BillToCity: 'Chicago', CustomerRewardsNumber: '123456789' });
    expect(request).not.toHaveProperty('OptIns');
  });

  it('joins a list by sending the details unchanged with the lists to be on', () => {
    const request = optInsRequestOf(account(), [2, 3]);
    expect(request).toMatchObject({ FirstName: 'Ada', BillToAddress2: null, OptIns: [2, 3] });
  });

  it('leaves a list by the tag that joined it, and keeps other tags read-only', () => {
    const details = account();
    expect(tagIdForOptIn(details, 2)).toBe(32);
    expect(tagIdForOptIn(details, 3)).toBeUndefined();
    expect(readOnlyTags(details).map((t) => t.customerTagType.Name)).toEqual(['Membership']);
    const left = withoutOptIn(details, 2);
    expect(left.OptIns.find((o) => o.ID === 2)?.Subscribed).toBe(false);
    expect(tagIdForOptIn(left, 2)).toBeUndefined();
  });
});
