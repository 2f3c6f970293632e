import type { AccountInformation } from '../../accounts/account-information.ts';
import { isEmailPattern } from '../../accounts/email-pattern.ts';
import type { DeliveryMethod } from '../../basket/basket.ts';
import { cardHolderName } from '../../payments/card-validation.ts';

// What the checkout form must hold before anything is
// charged. Required fields come from the account's billing form (BillingFields: Enabled and
// Required) and the delivery method's Fields (Field, Required); Terms of Service when the account
// requires agreement; e-mail pattern, a phone with a digit, an audience rewards id of exactly 9
// digits; the card holder's last 30 characters; country US when none is given. Pure.

export const ADDRESS_PARTS = [
  'Address1',
  'Address2',
  'Address3',
  'City',
  'State',
  'CountryCode',
  'PostalCode',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type Address = Partial<Record<AddressPart, string>>;

export const DEFAULT_COUNTRY = 'US';

/** The form as the request carries it (blank and missing are the same). */
export interface CheckoutForm {
  readonly paymentType: string;
  readonly token?: string | null;
  readonly savedCard?: string | null;
  /** Keep the new card for the signed-in customer (SaveCreditCard). */
  readonly saveCreditCard?: boolean;
  readonly paymentIntentId?: string | null;
  readonly payPalOrderId?: string | null;
  readonly worldPayData?: Readonly<Record<string, string>> | null;
  readonly cardHolderName?: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly email?: string | null;
  readonly phone?: string | null;
  readonly organization?: string | null;
  readonly title?: string | null;
  readonly rewardsNumber?: string | null;
  readonly billTo: Readonly<Partial<Record<AddressPart, string | null | undefined>>>;
  readonly shipTo: Readonly<Partial<Record<AddressPart, string | null | undefined>>>;
  readonly acceptTermsOfService: boolean;
  readonly hasJustRegistered?: boolean;
  readonly password?: string | null;
  readonly confirmPassword?: string | null;
  readonly note?: string | null;
  readonly marketingOptInTagIds?: readonly number[];
}

/** The buyer's details as the order keeps them: trimmed, blanks dropped, defaults filled in. */
export interface CheckoutDetails {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly organization: string | null;
  readonly title: string | null;
  readonly rewardsNumber: string | null;
  readonly cardHolderName: string | null;
  readonly billTo: Address;
  readonly shipTo: Address;
  readonly note: string | null;
  readonly marketingOptInTagIds: readonly number[];
  readonly deliveryMethodId: number | null;
}

export interface CheckoutRules {
  readonly account: Pick<AccountInformation, 'BillingFields' | 'RequireTosAgreement' | 'Countries'>;
  readonly deliveryMethod: Pick<DeliveryMethod, 'id' | 'fields'> | null;
  /** Payment types that take a card token (CreditCard, SavedCard, ApplePay, Afterpay). */
  readonly needsToken: boolean;
  readonly needsPayPalOrder: boolean;
}

export type CheckoutValidation =
  | { readonly ok: true; readonly details: CheckoutDetails }
  | {
      readonly ok: false;
      readonly code: 'reqAllFields' | 'reqAcceptTermsOfService' | 'invalidFields';
      readonly fields: readonly string[];
    };

const clean = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

const cleanAddress = (address: CheckoutForm['billTo']): Address => {
  const out: Address = {};
  for (const part of ADDRESS_PARTS) {
    const value = clean(address[part]);
    if (value !== null) out[part] = part === 'CountryCode' ? value.toUpperCase() : value;
  }
  return out;
};

const CONTACT_FIELDS = ['FirstName', 'LastName', 'Email', 'Phone', 'Organization', 'Title'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];
const isContactField = (field: string): field is ContactField =>
  (CONTACT_FIELDS as readonly string[]).includes(field);
const isAddressPart = (field: string): field is AddressPart =>
  (ADDRESS_PARTS as readonly string[]).includes(field);

/** Audience rewards id: exactly 9 digits. */
export const isRewardsNumber = (value: string): boolean => /^\d{9}$/.test(value);

/** A phone number must contain at least one digit. */
export const isPhone = (value: string): boolean => /\d/.test(value);

export const validateCheckout = (form: CheckoutForm, rules: CheckoutRules): CheckoutValidation => {
  const contact: Record<ContactField, string | null> = {
    FirstName: clean(form.firstName),
    LastName: clean(form.lastName),
    Email: clean(form.email),
    Phone: clean(form.phone),
    Organization: clean(form.organization),
    Title: clean(form.title),
  };
  const billTo = cleanAddress(form.billTo);
  const givenShipTo = cleanAddress(form.shipTo);
  // No shipping address given: ship to the billing address.
  const shipTo = Object.keys(givenShipTo).length > 0 ? givenShipTo : { ...billTo };
  billTo.CountryCode ??= DEFAULT_COUNTRY;
  shipTo.CountryCode ??= billTo.CountryCode;

  const missing = new Set<string>();
  const invalid = new Set<string>();
  const require = (field: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === '') missing.add(field);
  };

  // The account's billing form: enabled and required fields.
  for (const f of rules.account.BillingFields) {
    if (!f.Enabled || !f.Required) continue;
    if (isContactField(f.Field)) require(f.Field, contact[f.Field]);
    else if (isAddressPart(f.Field)) require(`BillTo${f.Field}`, billTo[f.Field]);
  }
  // The delivery method's fields (an e-mail for print at home, an address for the post).
  for (const f of rules.deliveryMethod?.fields ?? []) {
    if (!f.Required) continue;
    if (isContactField(f.Field)) require(f.Field, contact[f.Field]);
    else if (isAddressPart(f.Field)) require(`ShipTo${f.Field}`, shipTo[f.Field]);
  }

  if (rules.needsToken && !clean(form.token) && !clean(form.savedCard) && !clean(form.paymentIntentId))
    missing.add('Token');
  if (rules.needsPayPalOrder && !clean(form.payPalOrderId) && !clean(form.paymentIntentId))
    missing.add('PayPalOrderId');

  if (contact.Email !== null && !isEmailPattern(contact.Email)) invalid.add('Email');
  if (contact.Phone !== null && !isPhone(contact.Phone)) invalid.add('Phone');
  const rewardsNumber = clean(form.rewardsNumber);
  if (rewardsNumber !== null && !isRewardsNumber(rewardsNumber)) invalid.add('RewardsNumber');
  const countries = new Set(rules.account.Countries.map((c) => c.Code.toUpperCase()));
  if (countries.size > 0) {
    if (!countries.has(billTo.CountryCode)) invalid.add('BillToCountryCode');
    if (!countries.has(shipTo.CountryCode)) invalid.add('ShipToCountryCode');
  }
  if (form.hasJustRegistered && (form.password ?? '') !== (form.confirmPassword ?? ''))
    invalid.add('ConfirmPassword');
  const tosMissing = rules.account.RequireTosAgreement && !form.acceptTermsOfService;

  if (missing.size > 0 || tosMissing || invalid.size > 0) {
    const fields = [...missing, ...(tosMissing ? ['AcceptTermsOfService'] : []), ...invalid];
    return {
      ok: false,
      code: missing.size > 0 ? 'reqAllFields' : tosMissing ? 'reqAcceptTermsOfService' : 'invalidFields',
      fields: [...new Set(fields)],
    };
  }
  const holder = clean(form.cardHolderName);
  return {
    ok: true,
    details: {
      firstName: contact.FirstName,
      lastName: contact.LastName,
      email: contact.Email,
      phone: contact.Phone,
      organization: contact.Organization,
      title: contact.Title,
      rewardsNumber,
      cardHolderName: holder === null ? null : cardHolderName(holder),
      billTo,
      shipTo,
      note: clean(form.note),
      marketingOptInTagIds: [...new Set(form.marketingOptInTagIds ?? [])],
      deliveryMethodId: rules.deliveryMethod?.id ?? null,
    },
  };
};
