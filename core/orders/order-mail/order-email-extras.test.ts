import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderEmail } from './order-email.ts';
import { orderDocumentFactory } from '../test-factories.ts';

// The order e-mail lists the memberships and gift certificates sold with the order (each is also
// e-mailed to its member or recipient on its own: core/memberships, core/extras).

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

describe('the order e-mail with memberships and gift certificates', () => {
  it('lists each with its level, recipient and amount, in text and HTML', () => {
    const message = orderEmail(
      orderDocumentFactory({
        events: [],
        tickets: [],
        deliveryMethod: { type: 'PointOfSale', name: 'Box office collection' },
        total: 21000,
        extras: [
          {
            kind: 'Membership',
            name: 'Friends of Foyer',
            levelName: 'Patron',
            amount: 15000,
            recipientName: null,
          },
          {
            kind: 'GiftCertificate',
            name: 'Gift certificate',
            levelName: null,
            amount: 6000,
            recipientName: 'Ann Lee',
          },
        ],
      }),
      null,
    );
    expect(message.text).toContain('Friends of Foyer: Patron - $150.00');
    expect(message.text).toContain('Gift certificate (for Ann Lee) - $60.00');
    expect(message.html).toContain('Friends of Foyer: Patron');
    expect(message.html).toContain('Gift certificate (for Ann Lee)');
    expect(message.html).toContain('$150.00');
  });

  it('shows any recipient name escaped in the HTML, whole in the text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (name) => {
        const message = orderEmail(
          orderDocumentFactory({
            extras: [
              {
                kind: 'GiftCertificate',
                name: 'Gift certificate',
                levelName: null,
                amount: 2500,
                recipientName: name,
              },
            ],
          }),
          pdf,
        );
        expect(message.text).toContain(`Gift certificate (for ${name})`);
        const escaped = name.replace(
          /[&<>"']/g,
          (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`,
        );
        expect(message.html).toContain(`Gift certificate (for ${escaped})`);
      }),
    );
  });
});
