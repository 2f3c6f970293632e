import { describe, expect, it } from 'vitest';
import {
  fieldRules,
  firstInvalid,
  formFieldFromServer,
  isPhone,
  isValid,
  shownErrors,
  validateForm,
  type FieldName,
  type FormSetup,
} from './checkout-form.ts';

// The demo box office's settings (adapters/postgres/demo/settings.ts).
const billingFields = [
  { Field: 'FirstName', Required: true, Enabled: true },
  { Field: 'LastName', Required: true, Enabled: true },
  { Field: 'Email', Required: true, Enabled: true },
  { Field: 'Phone', Required: false, Enabled: true },
  { Field: 'Address1', Required: true, Enabled: true },
  { Field: 'City', Required: true, Enabled: true },
  { Field: 'State', Required: false, Enabled: true },
  { Field: 'PostalCode', Required: true, Enabled: true },
  { Field: 'CountryCode', Required: true, Enabled: true },
];
const setup: FormSetup = {
  billingFields,
  deliveryFields: [{ Field: 'Email', Required: true }],
  shipElsewhere: false,
  enableRewards: false,
  requireTerms: true,
};
const now = new Date('2026-11-23T12:00:00Z');

const filled = {
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Email: 'ada@example.com',
  Phone: '',
  BillToAddress1: '1 Analytical Row',
  BillToCity: 'London',
  BillToPostalCode: 'N1 9GU',
  BillToCountryCode: 'GB',
  AcceptTermsOfService: true,
  CardNumber: '4242 4242 4242 4242',
  CardExpiry: '12/30',
  CardCvc: '123',
  CardHolderName: 'A LOVELACE',
};

describe('the payment form’s fields', () => {
  it('shows what the account asks for and requires names, e-mail, its required fields and the terms', () => {
    const rules = fieldRules(setup);
    expect(rules.Phone).toEqual({ enabled: true, required: false });
    expect(rules.BillToAddress1).toEqual({ enabled: true, required: true });
    expect(rules.BillToState).toEqual({ enabled: true, required: false });
    expect(rules.AcceptTermsOfService).toEqual({ enabled: true, required: true });
    expect(rules.Title?.enabled ?? false).toBe(false);
    expect(rules.RewardsNumber).toBeUndefined();
    expect(fieldRules({ ...setup, requireTerms: false }).AcceptTermsOfService).toBeUndefined();
  });

  it('enables and requires what the delivery method needs, the phone included', () => {
    const rules = fieldRules({
      ...setup,
      billingFields: billingFields.map((f) => (f.Field === 'Phone' ? { ...f, Enabled: false } : f)),
      deliveryFields: [{ Field: 'Phone', Required: true }],
    });
    expect(rules.Phone).toEqual({ enabled: true, required: true });
  });

  it('asks for a delivery address of its own only when posting elsewhere', () => {
    const mail = [
      { Field: 'Address1', Required: true },
      { Field: 'City', Required: true },
    ];
    expect(fieldRules({ ...setup, deliveryFields: mail }).ShipToAddress1).toBeUndefined();
    const elsewhere = fieldRules({ ...setup, deliveryFields: mail, shipElsewhere: true });
    expect(elsewhere.ShipToAddress1).toEqual({ enabled: true, required: true });
    expect(elsewhere.ShipToCountryCode?.required).toBe(true);
  });

  it('passes a complete form', () => {
    const errors = validateForm(filled, fieldRules(setup), { payByCard: true, now });
    expect(errors).toEqual({});
    expect(isValid(errors)).toBe(true);
  });

  it('with the card in Stripe’s own fields, checks only the holder’s name of the card', () => {
    const noCard = { ...filled, CardNumber: '', CardExpiry: '', CardCvc: '' };
    const options = { payByCard: true, cardInProcessorFields: true, now };
    expect(validateForm(noCard, fieldRules(setup), options)).toEqual({});
    expect(validateForm({ ...noCard, CardHolderName: ' ' }, fieldRules(setup), options)).toEqual({
      CardHolderName: 'required',
    });
    expect(validateForm(noCard, fieldRules(setup), { payByCard: true, now }).CardNumber).toBe(
      'incomplete_number',
    );
  });

  it('flags empty required fields, a bad e-mail, a phone without digits and unaccepted terms', () => {
    const errors = validateForm(
      { ...filled, FirstName: ' ', Email: 'ada@', Phone: '---', AcceptTermsOfService: false },
      fieldRules(setup),
      { payByCard: false, now },
    );
    expect(errors).toEqual({
      FirstName: 'required',
      Email: 'email',
      Phone: 'phone',
      AcceptTermsOfService: 'terms',
    });
  });

  it('checks the card with the core card rules only when paying by card', () => {
    const card = {
      ...filled,
      CardNumber: '4242 4242 4242 4241',
      CardExpiry: '10/26',
      CardCvc: '12',
      CardHolderName: '',
    };
    expect(validateForm(card, fieldRules(setup), { payByCard: true, now })).toEqual({
      CardNumber: 'invalid_number',
      CardExpiry: 'invalid_expiry_month_past',
      CardCvc: 'incomplete_cvc',
      CardHolderName: 'required',
    });
    expect(validateForm(card, fieldRules(setup), { payByCard: false, now })).toEqual({});
  });

  it('checks an audience rewards number only when given: exactly 9 digits', () => {
    const rules = fieldRules({ ...setup, enableRewards: true });
    expect(validateForm({ ...filled, RewardsNumber: '' }, rules, { payByCard: true, now })).toEqual({});
    expect(validateForm({ ...filled, RewardsNumber: '12345678' }, rules, { payByCard: true, now })).toEqual({
      RewardsNumber: 'rewards',
    });
    expect(validateForm({ ...filled, RewardsNumber: '123456789' }, rules, { payByCard: true, now })).toEqual(
      {},
    );
  });

  it('shows a field’s error only after the field was left, and every error after a submit', () => {
    const errors = validateForm({}, fieldRules(setup), { payByCard: true, now });
    expect(shownErrors(errors, new Set(), false)).toEqual({});
    expect(shownErrors(errors, new Set<FieldName>(['Email']), false)).toEqual({ Email: 'required' });
    expect(shownErrors(errors, new Set(), true)).toBe(errors);
  });

  it('finds the first invalid field from the top of the page', () => {
    expect(firstInvalid({ CardCvc: 'incomplete_cvc', BillToCity: 'required', Email: 'email' })).toBe('Email');
    expect(firstInvalid({ AcceptTermsOfService: 'terms', CardNumber: 'invalid_number' })).toBe('CardNumber');
    expect(firstInvalid({})).toBeNull();
  });

  it('maps the fields a 400 names onto the form', () => {
    expect(formFieldFromServer('Email')).toBe('Email');
    expect(formFieldFromServer('BillToPostalCode')).toBe('BillToPostalCode');
    expect(formFieldFromServer('PostalCode')).toBe('BillToPostalCode');
    expect(formFieldFromServer('Token')).toBe('CardNumber');
    expect(formFieldFromServer('AcceptTermsOfService')).toBe('AcceptTermsOfService');
    expect(formFieldFromServer('Nonsense')).toBeNull();
  });

  it('takes a phone number with at least one digit', () => {
    expect(isPhone('+44 (0)20 7946 0958')).toBe(true);
    expect(isPhone('555-0100 x12')).toBe(true);
    expect(isPhone('() -')).toBe(false);
    expect(isPhone('call me')).toBe(false);
  });
});

describe('register at checkout', () => {
  const registering = fieldRules({ ...setup, offerAccount: true, register: true });
  const errorsWith = (Password: string, ConfirmPassword: string) =>
    validateForm({ ...filled, HasJustRegistered: true, Password, ConfirmPassword }, registering, {
      payByCard: false,
      now,
    });

  it('offers the tick box only when asked, and the password twice only once it is ticked', () => {
    expect(fieldRules(setup).HasJustRegistered).toBeUndefined();
    const offered = fieldRules({ ...setup, offerAccount: true });
    expect(offered.HasJustRegistered).toEqual({ enabled: true, required: false });
    expect(offered.Password).toBeUndefined();
    expect(registering.Password).toEqual({ enabled: true, required: true });
    expect(registering.ConfirmPassword).toEqual({ enabled: true, required: true });
    // Register is meaningless without the offer (a signed-in buyer).
    expect(fieldRules({ ...setup, register: true }).Password).toBeUndefined();
  });

  it('asks for 12 to 128 characters counted in code points after NFC, the same twice', () => {
    expect(errorsWith('', '')).toMatchObject({ Password: 'required', ConfirmPassword: 'required' });
    expect(errorsWith('short', 'short').Password).toBe('tooShort');
    expect(errorsWith('correct horse', 'correct horsE')).toEqual({ ConfirmPassword: 'mismatch' });
    expect(isValid(errorsWith('correct horse', 'correct horse'))).toBe(true);
    // 11 letters with a combining accent typed as two code points: still 11 after NFC.
    const accented = 'cafe\u0301 au lai';
    expect([...accented].length).toBe(12);
    expect(errorsWith(accented, accented).Password).toBe('tooShort');
    // 12 emoji are 24 UTF-16 units but 12 characters: enough.
    const emoji = '🎭'.repeat(12);
    expect(isValid(errorsWith(emoji, emoji))).toBe(true);
    expect(errorsWith('x'.repeat(129), 'x'.repeat(129)).Password).toBe('tooLong');
    expect(isValid(errorsWith('x'.repeat(128), 'x'.repeat(128)))).toBe(true);
    // Spaces count: the password is never trimmed.
    expect(errorsWith('  eleven ch ', '  eleven ch ').Password).toBeUndefined();
  });

  it('checks the password after the contact fields and names the server’s refusals', () => {
    const errors = validateForm({ HasJustRegistered: true }, registering, { payByCard: false, now });
    expect(firstInvalid({ Password: errors.Password, BillToCity: errors.BillToCity })).toBe('Password');
    expect(formFieldFromServer('Password')).toBe('Password');
    expect(formFieldFromServer('ConfirmPassword')).toBe('ConfirmPassword');
  });

  it('offers to keep the card only when asked', () => {
    expect(fieldRules(setup).SaveCreditCard).toBeUndefined();
    expect(fieldRules({ ...setup, offerSaveCard: true }).SaveCreditCard).toEqual({
      enabled: true,
      required: false,
    });
  });
});
