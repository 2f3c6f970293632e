import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkLinkForm,
  emptyLinkForm,
  keepsAttempt,
  linkParamsOf,
  linkPayOutcomeOf,
} from './payment-link-form.ts';

const now = new Date('2026-12-14T12:00:00Z');
const complete = {
  ...emptyLinkForm,
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Email: 'ada@example.com',
  CardNumber: '4242 4242 4242 4242',
  CardExpiry: '12/34',
  CardCvc: '123',
  CardHolderName: 'Ada Lovelace',
  AcceptTermsOfService: true,
};

describe('the payment link page', () => {
  it('needs both parameters', () => {
    expect(linkParamsOf({ gsRequestId: '7', paymentCode: 'abc' })).toEqual({
      gsRequestId: 7,
      paymentCode: 'abc',
    });
    expect(linkParamsOf({ gsRequestId: 7, paymentCode: 1234 })).toEqual({
      gsRequestId: 7,
      paymentCode: '1234',
    });
    fc.assert(
      fc.property(
        fc.record(
          {
            gsRequestId: fc.oneof(fc.constant(''), fc.constant('x'), fc.integer({ max: 0 })),
            paymentCode: fc.string(),
          },
          { requiredKeys: [] },
        ),
        (search) => {
          expect(linkParamsOf(search)).toBeNull();
        },
      ),
    );
    expect(linkParamsOf({ gsRequestId: '3' })).toBeNull();
    expect(linkParamsOf({ gsRequestId: '3', paymentCode: '  ' })).toBeNull();
  });

  it('a complete form gives the card; each missing field is named, the terms last of all', () => {
    const ok = checkLinkForm(complete, now);
    expect(ok.errors).toEqual({});
    expect(ok.card).toMatchObject({ last4: '4242', brand: 'Visa' });
    fc.assert(
      fc.property(
        fc.subarray(['FirstName', 'LastName', 'Email', 'CardHolderName'] as const, { minLength: 1 }),
        (blank) => {
          const values = { ...complete, ...Object.fromEntries(blank.map((f) => [f, ''])) };
          const { errors, card } = checkLinkForm(values, now);
          expect(card).toBeNull();
          for (const f of blank) expect(errors[f]).toBe('required');
        },
      ),
    );
    expect(checkLinkForm({ ...complete, AcceptTermsOfService: false }, now).errors).toEqual({
      AcceptTermsOfService: 'terms',
    });
    expect(checkLinkForm({ ...complete, CardNumber: '4242' }, now).errors.CardNumber).toBe(
      'incomplete_number',
    );
    expect(checkLinkForm({ ...complete, CardNumber: '' }, now, false).errors).toEqual({});
  });

  it('reads every answer of POST /api/payments, and keeps the attempt only while it is open', () => {
    expect(linkPayOutcomeOf(200, { PaymentID: 5 })).toEqual({ kind: 'paid', paymentId: 5 });
    expect(linkPayOutcomeOf(200, {})).toMatchObject({
      kind: 'failed',
      message: 'Payment was not successful',
    });
    const action = linkPayOutcomeOf(422, {
      Message: 'RequiresAction',
      RequiresAction: true,
      PaymentIntentId: 'offline_pay_1',
      ClientSecret: 's',
      ActionUrl: '/offline/authenticate/offline_pay_1',
    });
    expect(action).toEqual({
      kind: 'requiresAction',
      paymentIntentId: 'offline_pay_1',
      clientSecret: 's',
      actionUrl: '/offline/authenticate/offline_pay_1',
    });
    expect(linkPayOutcomeOf(422, { Message: 'Nope' })).toEqual({
      kind: 'failed',
      status: 422,
      message: 'Nope',
    });
    expect(linkPayOutcomeOf(401, {}).kind).toBe('unauthorized');
    expect(linkPayOutcomeOf(400, { Message: 'm', Fields: ['Email'] })).toEqual({
      kind: 'invalid',
      message: 'm',
      fields: ['Email'],
    });
    expect(linkPayOutcomeOf(402, { Message: 'Declined' })).toEqual({ kind: 'declined', message: 'Declined' });
    expect(linkPayOutcomeOf(409, { Message: 'Paid' })).toEqual({ kind: 'closed', message: 'Paid' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 599 }), (status) => {
        const outcome = linkPayOutcomeOf(status, { Message: 'x' });
        expect(keepsAttempt(outcome)).toBe(status === 0 || status >= 500);
      }),
    );
    expect(keepsAttempt(action)).toBe(true);
  });
});
