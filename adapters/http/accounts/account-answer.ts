import { Effect } from 'effect';
import type { Identity } from '../../../core/accounts/identity.ts';
import { CustomerAccounts } from '../../../core/accounts/ports.ts';
import { permissionsOf, screenRulesOf } from '../../../core/accounts/staff/permissions.ts';
import type { Profile } from '../../../core/accounts/profile.ts';
import { ROLE_LABELS } from '../../../core/accounts/staff/roles.ts';
import type { AccountAnswer, AccountDetails, CustomerTag } from '../contract/account.ts';

// The account calls' answers in the storefront's casing (AccountID, FirstName, ...), from core's account shapes.

export const tagsOf = (profile: Profile): CustomerTag[] =>
  profile.tags.map((t) => ({
    ID: t.id,
    customerId: profile.id,
    customerTagType: { ID: t.typeId, Name: t.typeName, Kind: t.kind, OptInText: t.optInText },
  }));

export const signedOut: AccountAnswer = { SignedIn: false, Kind: null, Customer: null, Staff: null };

/** GET /api/account and the sign-in answers. */
export const accountAnswer = (identity: Identity | null) =>
  Effect.gen(function* () {
    if (identity === null) return signedOut;
    if (identity.kind === 'staff')
      return {
        SignedIn: true,
        Kind: 'staff',
        Customer: null,
        Staff: {
          ID: identity.staffUserId,
          Name: identity.name,
          Email: identity.email,
          Role: identity.role,
          RoleName: ROLE_LABELS[identity.role],
          Permissions: permissionsOf(identity.role),
          BackendUser: identity.backendUser,
          ScreenRules: screenRulesOf(identity.role, identity.backendUser),
        },
      } satisfies AccountAnswer;
    const profile = yield* (yield* CustomerAccounts).profile(identity.customerId);
    if (profile === null) return signedOut;
    return {
      SignedIn: true,
      Kind: 'customer',
      Customer: {
        ID: profile.id,
        FirstName: profile.firstName,
        LastName: profile.lastName,
        Email: profile.email,
        customerTags: tagsOf(profile),
      },
      Staff: null,
    } satisfies AccountAnswer;
  });

export const detailsAnswer = (profile: Profile): AccountDetails => ({
  ID: profile.id,
  FirstName: profile.firstName,
  LastName: profile.lastName,
  Email: profile.email,
  Phone: profile.phone,
  CustomerRewardsNumber: profile.rewardsNumber,
  BillToAddress1: profile.billTo.BillToAddress1 ?? null,
  BillToAddress2: profile.billTo.BillToAddress2 ?? null,
  BillToCity: profile.billTo.BillToCity ?? null,
  BillToState: profile.billTo.BillToState ?? null,
  BillToPostalCode: profile.billTo.BillToPostalCode ?? null,
  BillToCountryCode: profile.billTo.BillToCountryCode ?? null,
  customerTags: tagsOf(profile),
  OptIns: profile.optIns.map((o) => ({
    ID: o.typeId,
    Name: o.name,
    OptInText: o.optInText,
    Subscribed: o.subscribed,
  })),
});
