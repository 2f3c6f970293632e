import type { AccountDetails, UpdateDetailsRequest } from '../../../../adapters/http/contract/account.ts';
import {
  emailProblem,
  requiredProblem,
  rewardsProblem,
  type Problem,
  type Problems,
} from './form-problems.ts';

// The account-details edit form: its values from the account, its checks, and the PUT it sends.

export const ADDRESS_FIELDS = [
  'BillToAddress1',
  'BillToAddress2',
  'BillToCity',
  'BillToState',
  'BillToPostalCode',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Every field of the form, top to bottom (the first with a problem gets the focus). */
export const DETAILS_FIELDS = [
  'FirstName',
  'LastName',
  'Email',
  'CurrentPassword',
  'Phone',
  'BillToCountryCode',
  ...ADDRESS_FIELDS,
  'CustomerRewardsNumber',
] as const;
export type DetailsField = (typeof DETAILS_FIELDS)[number];

export type DetailsValues = Readonly<Record<DetailsField, string>>;

export const detailsValuesOf = (details: AccountDetails): DetailsValues => ({
  FirstName: details.FirstName,
  LastName: details.LastName,
  Email: details.Email,
  CurrentPassword: '',
  Phone: details.Phone ?? '',
  BillToCountryCode: details.BillToCountryCode ?? '',
  BillToAddress1: details.BillToAddress1 ?? '',
  BillToAddress2: details.BillToAddress2 ?? '',
  BillToCity: details.BillToCity ?? '',
  BillToState: details.BillToState ?? '',
  BillToPostalCode: details.BillToPostalCode ?? '',
  CustomerRewardsNumber: details.CustomerRewardsNumber ?? '',
});

/** A new e-mail address needs the current password (addresses compare without case). */
export const emailChanged = (values: DetailsValues, details: AccountDetails): boolean =>
  values.Email.trim().toLowerCase() !== details.Email.trim().toLowerCase();

export const detailsProblems = (values: DetailsValues, details: AccountDetails): Problems<DetailsField> => ({
  FirstName: requiredProblem(values.FirstName),
  LastName: requiredProblem(values.LastName),
  Email: emailProblem(values.Email),
  CurrentPassword:
    emailChanged(values, details) && values.CurrentPassword === '' ? ('required' as Problem) : null,
  CustomerRewardsNumber: rewardsProblem(values.CustomerRewardsNumber),
});

const orNull = (value: string): string | null => value.trim() || null;

/** The PUT /api/account/details body; the current password goes only with a new e-mail address. */
export const updateRequestOf = (values: DetailsValues, details: AccountDetails): UpdateDetailsRequest => ({
  FirstName: values.FirstName.trim(),
  LastName: values.LastName.trim(),
  Email: values.Email.trim(),
  Phone: orNull(values.Phone),
  CustomerRewardsNumber: orNull(values.CustomerRewardsNumber),
  BillToAddress1: orNull(values.BillToAddress1),
  BillToAddress2: orNull(values.BillToAddress2),
  BillToCity: orNull(values.BillToCity),
  BillToState: orNull(values.BillToState),
  BillToPostalCode: orNull(values.BillToPostalCode),
  BillToCountryCode: orNull(values.BillToCountryCode),
  ...(emailChanged(values, details) ? { CurrentPassword: values.CurrentPassword } : {}),
});

/** The same details sent back unchanged with another set of marketing lists (joining one). */
export const optInsRequestOf = (
  details: AccountDetails,
  optIns: readonly number[],
): UpdateDetailsRequest => ({
  ...updateRequestOf(detailsValuesOf(details), details),
  OptIns: [...optIns],
});

/** The customer's tag that put them on a marketing list: leaving deletes it. */
export const tagIdForOptIn = (details: AccountDetails, optInId: number): number | undefined =>
  details.customerTags.find((tag) => tag.customerTagType.ID === optInId)?.ID;

/** Tags shown read-only (Membership and the like): every tag that is not a marketing list. */
export const readOnlyTags = (details: AccountDetails) => {
  const lists = new Set(details.OptIns.map((o) => o.ID));
  return details.customerTags.filter(
    (tag) => tag.customerTagType.Kind !== 'MarketingOptIn' && !lists.has(tag.customerTagType.ID),
  );
};

/** The account after leaving a list: unsubscribed, its tag gone. */
export const withoutOptIn = (details: AccountDetails, optInId: number): AccountDetails => ({
  ...details,
  customerTags: details.customerTags.filter((tag) => tag.customerTagType.ID !== optInId),
  OptIns: details.OptIns.map((o) => (o.ID === optInId ? { ...o, Subscribed: false } : o)),
});
