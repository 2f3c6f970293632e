import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderEmail } from './order-email.ts';
import { orderDocumentFactory } from '../test-factories.ts';

// Each performance's event template may add its own words to the confirmation e-mail
// (core/event-templates/template-texts.ts): they stand under that performance's tickets.

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

describe('the order e-mail with the templates’ texts', () => {
  it("puts each template's text under its own performance, in text and HTML, escaped", () => {
    const notes = new Map([
      [101, 'Doors open at 7pm.\n\nPlease arrive <early>.'],
      [202, 'Parking is free.'],
    ]);
    const { text, html } = orderEmail(orderDocumentFactory(), pdf, notes);
    expect(text.indexOf('Doors open at 7pm.')).toBeGreaterThan(text.indexOf('Hamlet'));
    expect(text.indexOf('Doors open at 7pm.')).toBeLessThan(text.indexOf('Winter Crossing'));
    expect(text.indexOf('Parking is free.')).toBeGreaterThan(text.indexOf('Winter Crossing'));
    expect(html).toContain('<p style="margin:8px 0">Doors open at 7pm.</p>');
    expect(html).toContain('Please arrive &lt;early&gt;.');
    expect(html).not.toContain('<early>');
  });

  it('without texts the e-mail is as it was', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(101, 202, 999),
        fc.string({ minLength: 1, maxLength: 20 }),
        (eventId, note) => {
          const plain = orderEmail(orderDocumentFactory(), pdf);
          const noted = orderEmail(orderDocumentFactory(), pdf, new Map([[eventId, note]]));
          if (eventId === 999) expect(noted).toEqual(plain);
          else expect(noted.text.length).toBeGreaterThan(plain.text.length);
        },
      ),
    );
  });
});
