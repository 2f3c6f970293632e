import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPayer,
  checkRequestFields,
  codeMatches,
  groupOrderRef,
  isPaymentCode,
  MAX_REQUEST_AMOUNT,
  mayPay,
  PAYMENT_CODE_BYTES,
  paymentCodeFromBytes,
  paymentLinkPath,
} from './payment-request.ts';

const good = {
  customerName: 'Northside Choir',
  customerEmail: 'trips@northside.example',
  description: 'Deposit for 40 seats',
  kind: 'deposit',
  amount: 25_000,
  currency: 'usd',
};

const codeBytes = fc.uint8Array({ minLength: PAYMENT_CODE_BYTES, maxLength: PAYMENT_CODE_BYTES });

describe('payment request fields', () => {
  it('accepts any amount from 1 to the maximum, trimmed and with the currency upper-cased', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_REQUEST_AMOUNT }),
        fc.constantFrom('deposit', 'balance'),
        (amount, kind) => {
          const result = checkRequestFields({
            ...good,
            amount,
            kind,
            customerName: `  ${good.customerName} `,
          });
          expect(result).toEqual({
            ok: true,
            fields: { ...good, amount, kind, currency: 'USD' },
          });
        },
      ),
    );
  });

  it('refuses amounts that are not whole minor units within range, naming Amount only', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: 0 }),
          fc.integer({ min: MAX_REQUEST_AMOUNT + 1 }),
          fc.double({ noNaN: false }).filter((n) => !Number.isInteger(n)),
        ),
        (amount) => {
          const result = checkRequestFields({ ...good, amount });
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.problems.map((p) => p.field)).toEqual(['Amount']);
        },
      ),
    );
  });

  it('names every bad field, each with what to fix', () => {
    fc.assert(
      fc.property(
        fc.record({
          customerName: fc.constantFrom('', '   ', 'x'.repeat(201)),
          customerEmail: fc.constantFrom('', 'nobody', 'a@b'),
          description: fc.constantFrom('', ' '),
          kind: fc.string().filter((k) => k !== 'deposit' && k !== 'balance'),
          currency: fc.constantFrom('', 'US', 'DOLLARS', '12$'),
        }),
        (bad) => {
          const result = checkRequestFields({ ...good, ...bad });
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expect(result.problems.map((p) => p.field).sort()).toEqual(
            ['CustomerEmail', 'CustomerName', 'Currency', 'Description', 'Kind'].sort(),
          );
          for (const p of result.problems) expect(p.message.startsWith(`${p.field}:`)).toBe(true);
        },
      ),
    );
  });
});

describe('payment codes', () => {
  it('are 32 hex characters, distinct for distinct bytes, and match only themselves', () => {
    fc.assert(
      fc.property(codeBytes, codeBytes, (a, b) => {
        const ca = paymentCodeFromBytes(a);
        const cb = paymentCodeFromBytes(b);
        expect(isPaymentCode(ca)).toBe(true);
        expect(codeMatches(ca, ca)).toBe(true);
        expect(codeMatches(ca, cb)).toBe(Buffer.from(a).equals(Buffer.from(b)));
      }),
    );
  });

  it('never match a prefix, an extension or an empty guess', () => {
    fc.assert(
      fc.property(
        codeBytes,
        fc.integer({ min: 0, max: 31 }),
        fc.string({ minLength: 1 }),
        (bytes, cut, extra) => {
          const code = paymentCodeFromBytes(bytes);
          expect(codeMatches(code, code.slice(0, cut))).toBe(false);
          expect(codeMatches(code, code + extra)).toBe(false);
          expect(codeMatches(code, '')).toBe(false);
        },
      ),
    );
  });

  it('make the link with both parameters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), codeBytes, (id, bytes) => {
        const code = paymentCodeFromBytes(bytes);
        const url = new URL(paymentLinkPath({ id, paymentCode: code }), 'https://foyer.example');
        expect(url.pathname).toBe('/payment/paymentlink');
        expect(url.searchParams.get('gsRequestId')).toBe(String(id));
        expect(url.searchParams.get('paymentCode')).toBe(code);
      }),
    );
  });
});

describe('who may pay', () => {
  it('only an open request takes money', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('open', 'paid', 'cancelled') as fc.Arbitrary<'open' | 'paid' | 'cancelled'>,
        (s) => {
          expect(mayPay(s)).toBe(s === 'open');
        },
      ),
    );
  });

  it('the payer gives every field, then accepts the terms', () => {
    fc.assert(
      fc.property(
        fc.record({
          firstName: fc.constantFrom('', ' ', 'Ada'),
          lastName: fc.constantFrom('', 'Lovelace'),
          email: fc.constantFrom('', 'ada@example.com'),
          acceptTermsOfService: fc.boolean(),
        }),
        (form) => {
          const problem = checkPayer(form);
          const complete = form.firstName.trim() !== '' && form.lastName !== '' && form.email !== '';
          if (!complete) expect(problem?.code).toBe('reqAllFields');
          else if (!form.acceptTermsOfService) expect(problem?.code).toBe('reqAcceptTermsOfService');
          else expect(problem).toBeNull();
        },
      ),
    );
  });

  it("a request's hosted-page reference is a UUID no two requests share", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 40 }), (a, b) => {
        expect(groupOrderRef(a)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(groupOrderRef(a) === groupOrderRef(b)).toBe(a === b);
      }),
    );
  });
});
