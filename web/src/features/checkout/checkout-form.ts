import { isEmailPattern } from '../../../../core/accounts/email-pattern.ts';
import { passwordProblem } from '../../../../core/accounts/password-policy.ts';
import { validateCard, type CardErrorCode } from '../../../../core/payments/card-validation.ts';

// The payment page's form: which fields show and which are
// required (the account's billing fields, plus what the delivery method needs), and each
// field's error. Pure: the page keeps the values, this says what is wrong with them.

export const ADDRESS_PARTS = [
  'Address1',
  'Address2',
  'Address3',
  'City',
  'State',
  'PostalCode',
  'CountryCode',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

export const CONTACT_FIELDS = ['Title', 'FirstName', 'LastName', 'Organization', 'Email', 'Phone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type BillToField = `BillTo${AddressPart}`;
export type ShipToField = `ShipTo${AddressPart}`;
export type CardField = 'CardNumber' | 'CardExpiry' | 'CardCvc' | 'CardHolderName';
/** Register at checkout: the new account's password, typed twice. */
export type PasswordField = 'Password' | 'ConfirmPassword';
/** The form's tick boxes: the terms, an account made of these details, the card kept for next time. */
export type CheckField = 'AcceptTermsOfService' | 'HasJustRegistered' | 'SaveCreditCard';
export type TextFieldName = Exclude<FieldName, CheckField>;

/** Every field of the form, by the checkout request's names (the server's 400 names them so). */
export type FieldName =
  ContactField | PasswordField | BillToField | ShipToField | CardField | 'RewardsNumber' | CheckField;

export interface FieldRule {
  readonly enabled: boolean;
  readonly required: boolean;
}

export type FieldRules = Readonly<Partial<Record<FieldName, FieldRule>>>;

export type FieldErrorCode =
  'required' | 'email' | 'phone' | 'rewards' | 'terms' | 'tooShort' | 'tooLong' | 'mismatch' | CardErrorCode;
export type FormErrors = Readonly<Partial<Record<FieldName, FieldErrorCode>>>;

export type FormValues = Readonly<Partial<Record<TextFieldName, string>>> &
  Readonly<Partial<Record<CheckField, boolean>>>;

/** The order fields are checked and scrolled to: top of the page first. */
export const FIELD_ORDER: readonly FieldName[] = [
  ...CONTACT_FIELDS,
  'Password',
  'ConfirmPassword',
  ...ADDRESS_PARTS.map((p): BillToField => `BillTo${p}`),
  ...ADDRESS_PARTS.map((p): ShipToField => `ShipTo${p}`),
  'RewardsNumber',
  'CardNumber',
  'CardExpiry',
  'CardCvc',
  'CardHolderName',
  'AcceptTermsOfService',
];

const always: FieldRule = { enabled: true, required: true };
const off: FieldRule = { enabled: false, required: false };

/** The account's billing field name ('Address1', 'Phone') as a form field. */
const formFieldOf = (name: string): FieldName | null => {
  if ((CONTACT_FIELDS as readonly string[]).includes(name)) return name as ContactField;
  if ((ADDRESS_PARTS as readonly string[]).includes(name)) return `BillTo${name as AddressPart}`;
  return null;
};

export interface FormSetup {
  /** GET /api/accountInformation BillingFields. */
  readonly billingFields: readonly { Field: string; Required: boolean; Enabled: boolean }[];
  /** The chosen delivery method's fields (basket view model Fields). */
  readonly deliveryFields: readonly { Field: string; Required: boolean }[];
  /** Mail delivery to an address other than the billing one. */
  readonly shipElsewhere: boolean;
  readonly enableRewards: boolean;
  /** RequireTosAgreement ('reqAcceptTermsOfService'). */
  readonly requireTerms: boolean;
  /** Nobody is signed in: the buyer may make an account of these details (HasJustRegistered). */
  readonly offerAccount?: boolean;
  /** ...and has ticked it: the password, twice. */
  readonly register?: boolean;
  /** A signed-in customer paying with a new card through Stripe may keep it (SaveCreditCard). */
  readonly offerSaveCard?: boolean;
}

/**
 * Which fields show and which must be filled. Names and e-mail always (an order is sent to
 * someone); the rest as the account's billing fields say, and any field the delivery method
 * needs is shown and required (the phone, say, when the delivery method's field configuration
 * asks for it). Mail delivery elsewhere asks for the delivery method's address fields.
 */
export const fieldRules = (setup: FormSetup): FieldRules => {
  const rules: Partial<Record<FieldName, FieldRule>> = {
    FirstName: always,
    LastName: always,
    Email: always,
  };
  for (const f of setup.billingFields) {
    const name = formFieldOf(f.Field);
    if (name && !rules[name]) rules[name] = f.Enabled ? { enabled: true, required: f.Required } : off;
  }
  for (const f of setup.deliveryFields) {
    const name = formFieldOf(f.Field);
    if (!name) continue;
    const was = rules[name];
    rules[name] = { enabled: true, required: f.Required || (was?.enabled === true && was.required) };
    if (setup.shipElsewhere && name.startsWith('BillTo')) {
      const shipTo = name.replace(/^BillTo/, 'ShipTo') as ShipToField;
      rules[shipTo] = { enabled: true, required: f.Required };
    }
  }
  // A country is chosen whenever an address is asked for (default US): the labels follow it.
  if (rules.BillToAddress1?.enabled && !rules.BillToCountryCode?.enabled) rules.BillToCountryCode = always;
  if (setup.shipElsewhere && rules.ShipToAddress1) rules.ShipToCountryCode = always;
  if (setup.enableRewards) rules.RewardsNumber = { enabled: true, required: false };
  if (setup.requireTerms) rules.AcceptTermsOfService = always;
  if (setup.offerAccount) {
    rules.HasJustRegistered = { enabled: true, required: false };
    if (setup.register) rules.Password = rules.ConfirmPassword = always;
  }
  if (setup.offerSaveCard) rules.SaveCreditCard = { enabled: true, required: false };
  return rules;
};

export const isShown = (rules: FieldRules, name: FieldName): boolean => rules[name]?.enabled === true;

/** A phone number has at least one digit. */
export const isPhone = (text: string): boolean => /\d/.test(text) && /^[\d\s+().\-/#*x]+$/i.test(text);

/** An audience rewards id is exactly 9 digits. */
export const isRewardsNumber = (text: string): boolean => /^\d{9}$/.test(text);

/**
 * A new account's password (core/accounts/password-policy.ts, as the register page): at least 12
 * and at most 128 characters counted in code points after NFC; never trimmed.
 */
const passwordError = (name: PasswordField, values: FormValues): FieldErrorCode | null => {
  const text = values[name] ?? '';
  if (text === '') return 'required';
  if (name === 'Password') return passwordProblem(text);
  return text === (values.Password ?? '') ? null : 'mismatch';
};

const fieldError = (name: FieldName, values: FormValues, rule: FieldRule): FieldErrorCode | null => {
  if (name === 'AcceptTermsOfService')
    return rule.required && values.AcceptTermsOfService !== true ? 'terms' : null;
  if (name === 'HasJustRegistered' || name === 'SaveCreditCard') return null;
  if (name === 'Password' || name === 'ConfirmPassword') return passwordError(name, values);
  const text = (values[name] ?? '').trim();
  if (text === '') return rule.required ? 'required' : null;
  if (name === 'Email' && !isEmailPattern(text)) return 'email';
  if (name === 'Phone' && !isPhone(text)) return 'phone';
  if (name === 'RewardsNumber' && !isRewardsNumber(text)) return 'rewards';
  return null;
};

/**
 * Every error of the form at once. With `payByCard` the card fields are checked by the core
 * card rules (number with Luhn and brand, MM/YY expiry not past, CVC for the brand).
 */
export const validateForm = (
  values: FormValues,
  rules: FieldRules,
  options: {
    readonly payByCard: boolean;
    /** The card is typed into the processor's own fields (Stripe.js): only the holder is ours. */
    readonly cardInProcessorFields?: boolean;
    readonly now: Date;
  },
): FormErrors => {
  const errors: Partial<Record<FieldName, FieldErrorCode>> = {};
  for (const name of FIELD_ORDER) {
    const rule = rules[name];
    if (!rule?.enabled) continue;
    const error = fieldError(name, values, rule);
    if (error) errors[name] = error;
  }
  if (options.payByCard && !options.cardInProcessorFields) {
    const card = validateCard(
      { number: values.CardNumber ?? '', expiry: values.CardExpiry ?? '', cvc: values.CardCvc ?? '' },
      options.now,
    );
    if (!card.ok)
      for (const e of card.errors)
        errors[e.field === 'number' ? 'CardNumber' : e.field === 'expiry' ? 'CardExpiry' : 'CardCvc'] =
          e.code;
  }
  if (options.payByCard && !(values.CardHolderName ?? '').trim()) errors.CardHolderName = 'required';
  return errors;
};

/**
 * Errors show once a field has been left (blurred) or the form submitted,
 * never while the buyer is still typing a field for the first time.
 */
export const shownErrors = (
  errors: FormErrors,
  touched: ReadonlySet<FieldName>,
  submitted: boolean,
): FormErrors =>
  submitted
    ? errors
    : Object.fromEntries(Object.entries(errors).filter(([name]) => touched.has(name as FieldName)));

export const isValid = (errors: FormErrors): boolean => Object.keys(errors).length === 0;

/** The first field with an error, top of the page first. */
export const firstInvalid = (errors: FormErrors): FieldName | null =>
  FIELD_ORDER.find((name) => errors[name] !== undefined) ?? null;

/** A field the server named in its 400 (Fields), as a form field; unknown names are dropped. */
export const formFieldFromServer = (name: string): FieldName | null => {
  if ((FIELD_ORDER as readonly string[]).includes(name)) return name as FieldName;
  if (name === 'Token' || name === 'CCBin' || name === 'CCLast4' || name === 'CardBrand') return 'CardNumber';
  return formFieldOf(name);
};
