import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_ADDRESS_LABELS, addressLabelsFor } from './address-labels.ts';

describe('address labels', () => {
  it('names the UK county and post code', () => {
    expect(addressLabelsFor('GB')).toMatchObject({ State: 'County', PostalCode: 'Post code' });
  });

  it('names the Australian suburb, state and postcode', () => {
    expect(addressLabelsFor('AU')).toMatchObject({ City: 'Suburb', State: 'State', PostalCode: 'Postcode' });
  });

  it('names the US state and postal code', () => {
    expect(addressLabelsFor('US')).toMatchObject({ City: 'City', State: 'State', PostalCode: 'Postal code' });
  });

  it('gives other and missing countries neutral labels', () => {
    expect(addressLabelsFor('FR')).toBe(DEFAULT_ADDRESS_LABELS);
    expect(addressLabelsFor(null)).toBe(DEFAULT_ADDRESS_LABELS);
    expect(DEFAULT_ADDRESS_LABELS).toMatchObject({
      City: 'City',
      State: 'State/Province/Region',
      PostalCode: 'Postal code',
    });
  });

  it('ignores case and surrounding space, and labels every field for any input', () => {
    fc.assert(
      fc.property(fc.constantFrom('US', 'GB', 'AU', 'CA', 'NZ'), fc.boolean(), (code, lower) => {
        const asTyped = ` ${lower ? code.toLowerCase() : code} `;
        expect(addressLabelsFor(asTyped)).toBe(addressLabelsFor(code));
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const labels = addressLabelsFor(text);
        for (const field of [
          'Address1',
          'Address2',
          'Address3',
          'City',
          'State',
          'PostalCode',
          'CountryCode',
        ] as const) {
          expect(labels[field].length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
