import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountAnswer, CustomerTag } from '../../../../adapters/http/contract/account.ts';
import { memberUserIdOf } from './member-user-id.ts';

const tag = (id: number, customerId: number, kind: string): CustomerTag => ({
  ID: id,
  customerId,
  customerTagType: { ID: id, Name: kind, Kind: kind, OptInText: null },
});

const customer = (id: number, tags: CustomerTag[]): AccountAnswer => ({
  SignedIn: true,
  Kind: 'customer',
  Customer: { ID: id, FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com', customerTags: tags },
  Staff: null,
});

describe('the userId a member prices with', () => {
  it('is the customer id of a Membership tag, and only for a signed-in customer who holds one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.array(fc.constantFrom('Newsletter', 'OptIn', 'Marketing'), { maxLength: 3 }),
        fc.boolean(),
        (id, otherKinds, member) => {
          const tags = otherKinds.map((kind, i) => tag(i + 1, id, kind));
          if (member) tags.push(tag(99, id, 'Membership'));
          expect(memberUserIdOf(customer(id, tags))).toBe(member ? id : undefined);
        },
      ),
    );
  });

  it('is none when signed out, for staff, or while the account is unknown', () => {
    expect(memberUserIdOf(undefined)).toBeUndefined();
    expect(memberUserIdOf({ SignedIn: false, Kind: null, Customer: null, Staff: null })).toBeUndefined();
    expect(
      memberUserIdOf({
        SignedIn: true,
        Kind: 'staff',
        Customer: null,
        Staff: { ID: 1, Name: 'Sid', Email: 's@foyer.local', Role: 'seller', RoleName: 'Seller' },
      } as AccountAnswer),
    ).toBeUndefined();
  });
});
