import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  counterDetailFieldsOf,
  detailFieldsOf,
  detailsRequest,
  initialDetails,
  missingDetails,
} from './customer-details.ts';

const DEMO = [
  { Field: 'FirstName', Required: true, Enabled: true },
  { Field: 'LastName', Required: true, Enabled: true },
  { Field: 'Email', Required: true, Enabled: true },
  { Field: 'Phone', Required: false, Enabled: true },
  { Field: 'Address1', Required: true, Enabled: true },
  { Field: 'City', Required: true, Enabled: true },
  { Field: 'Fax', Required: true, Enabled: true },
  { Field: 'PostalCode', Required: true, Enabled: false },
  { Field: 'CountryCode', Required: true, Enabled: true },
];

describe("the buyer's details at the counter", () => {
  it('asks the enabled fields of the billing form, the address as BillTo', () => {
    expect(detailFieldsOf(DEMO).map((f) => `${f.name}${f.required ? '*' : ''}`)).toEqual([
      'FirstName*',
      'LastName*',
      'Email*',
      'Phone',
      'BillToAddress1*',
      'BillToCity*',
      'BillToCountryCode*',
    ]);
  });

  it("starts from the assigned customer's details and names what is still missing", () => {
    const fields = detailFieldsOf(DEMO);
    const details = initialDetails({ FirstName: 'Wanda', LastName: 'Walkup', Email: null, Phone: '555' });
    expect(missingDetails(fields, details)).toEqual(['Email', 'BillToAddress1', 'BillToCity']);
    expect(detailsRequest(fields, { ...details, BillToCity: '  Leeds ' })).toEqual({
      FirstName: 'Wanda',
      LastName: 'Walkup',
      Phone: '555',
      BillToCity: 'Leeds',
      BillToCountryCode: 'US',
    });
  });

  it('sends only asked fields with text, and misses exactly the empty required ones', () => {
    const fields = detailFieldsOf(DEMO);
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...fields.map((f) => f.name), 'Other'), fc.string()),
        (details) => {
          const sent = detailsRequest(fields, details);
          for (const [name, value] of Object.entries(sent)) {
            expect(fields.some((f) => f.name === name)).toBe(true);
            expect(value).toBe(value.trim());
            expect(value).not.toBe('');
          }
          const missing = missingDetails(fields, details);
          for (const f of fields) expect(missing.includes(f.name)).toBe(f.required && !(f.name in sent));
        },
      ),
    );
  });
});

describe("the buyer's details a counter sale needs", () => {
  const fieldArb = fc.constantFrom(
    'FirstName',
    'LastName',
    'Email',
    'Phone',
    'Address1',
    'City',
    'PostalCode',
  );
  const billingArb = fc.array(fc.record({ Field: fieldArb, Required: fc.boolean(), Enabled: fc.boolean() }), {
    maxLength: 7,
  });
  const deliveryArb = fc.array(fc.record({ Field: fieldArb, Required: fc.boolean() }), { maxLength: 4 });

  it('handed over at the counter: nothing is required, whatever the billing form says', () => {
    fc.assert(
      fc.property(billingArb, (billing) => {
        const fields = counterDetailFieldsOf(billing, []);
        expect(fields.filter((f) => f.required)).toEqual([]);
        expect(
          missingDetails(
            fields,
            initialDetails({ FirstName: null, LastName: null, Email: null, Phone: null }),
          ),
        ).toEqual([]);
      }),
    );
  });

  it('requires exactly what the delivery requires, and asks for it even when the billing form does not', () => {
    fc.assert(
      fc.property(billingArb, deliveryArb, (billing, delivery) => {
        const fields = counterDetailFieldsOf(billing, delivery);
        const needed = new Set(delivery.filter((f) => f.Required).map((f) => f.Field));
        expect(new Set(fields.filter((f) => f.required).map((f) => f.field))).toEqual(needed);
      }),
    );
    const eTicket = counterDetailFieldsOf(DEMO, [{ Field: 'Email', Required: true }]);
    expect(eTicket.filter((f) => f.required).map((f) => f.name)).toEqual(['Email']);
  });
});
