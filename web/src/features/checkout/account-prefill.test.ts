import { describe, expect, it } from 'vitest';
import type { AccountDetails } from '../../../../adapters/http/contract/account.ts';
import { isContactEmpty, prefilled, valuesFromAccount } from './account-prefill.ts';

const details: AccountDetails = {
  ID: 7,
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Email: 'ada@example.com',
  Phone: null,
  CustomerRewardsNumber: null,
  BillToAddress1: '1 Analytical Row',
  BillToAddress2: '',
  BillToCity: 'London',
  BillToState: null,
  BillToPostalCode: 'N1 9GU',
  BillToCountryCode: 'GB',
  customerTags: [],
  OptIns: [],
};

describe('a signed-in customer’s details on the payment form', () => {
  it('takes what the account has, and nothing it has not', () => {
    expect(valuesFromAccount(details)).toEqual({
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Email: 'ada@example.com',
      BillToAddress1: '1 Analytical Row',
      BillToCity: 'London',
      BillToPostalCode: 'N1 9GU',
      BillToCountryCode: 'GB',
    });
  });

  it('fills a form that is still empty (the default country does not count as typed)', () => {
    const empty = { FirstName: '', Email: ' ', BillToCountryCode: 'US', CardHolderName: 'A L' };
    expect(isContactEmpty(empty)).toBe(true);
    expect(prefilled(empty, details)).toMatchObject({
      FirstName: 'Ada',
      Email: 'ada@example.com',
      BillToCountryCode: 'GB',
      CardHolderName: 'A L',
    });
  });

  it('never overwrites anything the buyer typed (or the basket kept)', () => {
    for (const typed of [{ FirstName: 'Grace' }, { Phone: '555 0100' }, { BillToCity: 'Paris' }]) {
      const values = { BillToCountryCode: 'US', ...typed };
      expect(isContactEmpty(values)).toBe(false);
      expect(prefilled(values, details)).toBe(values);
    }
  });
});
