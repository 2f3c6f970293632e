import fc from 'fast-check';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../../../../core/i18n/strings/index.ts';
import type { GiftCertificateItem } from '../../../../adapters/http/contract/gift-certificates.ts';
import type { MembershipItem } from '../../../../adapters/http/contract/memberships.ts';
import { footerTotalLabel } from './count-words.ts';
import { basketOf, ticket } from './test-factories.ts';
import { sumOfRows, totalsView } from './totals.ts';

// Memberships and gift certificates in the basket's totals panel and footer cart: a basket of
// only those never reads "0 tickets".

const membership = (ID: number, Price: number): MembershipItem => ({
  ID,
  OrderItemType: 'Membership',
  MembershipTypeID: 1,
  Name: 'Friends of Foyer',
  PriceLevelID: 1,
  PriceLevelName: 'Friend',
  Price,
  Quantity: 1,
  IsGift: false,
  GiftFirstName: null,
  GiftLastName: null,
  GiftEmail: null,
  GiftMessage: null,
  GiftDeliveryLocalDate: null,
  IsSendGiftNow: false,
});

const giftCertificate = (ID: number, Amount: number): GiftCertificateItem => ({
  ID,
  OrderItemType: 'GiftCertificate',
  Amount,
  RecipientName: null,
  RecipientEmail: null,
  Message: null,
  LineTotal: Amount,
});

const withExtras = (
  base: ReturnType<typeof basketOf>,
  memberships: readonly MembershipItem[],
  gifts: readonly GiftCertificateItem[],
) => {
  const MembershipTotal = memberships.reduce((s, m) => s + m.Price, 0);
  const GiftCertificateTotal = gifts.reduce((s, g) => s + g.Amount, 0);
  return {
    ...base,
    MembershipItems: [...memberships],
    GiftCertificateItems: [...gifts],
    ...(memberships.length > 0 ? { MembershipTotal } : {}),
    ...(gifts.length > 0 ? { GiftCertificateTotal } : {}),
    Total: base.Total + MembershipTotal + GiftCertificateTotal,
  };
};

const english = async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    ns: ['consumer'],
    defaultNS: 'consumer',
    resources: { en: { consumer: stringsFor('consumer', 'en') } },
  });
  return i18n.t.bind(i18n);
};

describe('memberships and gift certificates in the basket totals', () => {
  it('a membership alone is one membership line, not "0 tickets"', () => {
    const view = totalsView(withExtras(basketOf([]), [membership(7, 6000)], []), false);
    expect(view.rows).toEqual([{ kind: 'memberships', count: 1, amount: 6000 }]);
    expect(view.total).toBe(6000);
    expect(view.counts).toEqual({ tickets: 0, memberships: 1, giftCertificates: 0, products: 0 });
  });

  it('a gift certificate alone is one gift certificate line', () => {
    const view = totalsView(
      withExtras(basketOf([]), [], [giftCertificate(3, 2500), giftCertificate(4, 5000)]),
      true,
    );
    expect(view.rows).toEqual([{ kind: 'giftCertificates', count: 2, amount: 7500 }]);
    expect(view.total).toBe(7500);
  });

  it('an empty basket still reads "0 tickets"', () => {
    expect(totalsView(basketOf([]), false).rows).toEqual([{ kind: 'tickets', count: 0, amount: 0 }]);
  });

  it('rows add up to the total and count every kind, whatever the mix', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20_000 }), { maxLength: 3 }),
        fc.array(fc.integer({ min: 500, max: 50_000 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (prices, amounts, tickets, hide) => {
          const basket = withExtras(
            basketOf(Array.from({ length: tickets }, (_, i) => ticket({ ID: 100 + i }))),
            prices.map((p, i) => membership(i + 1, p)),
            amounts.map((a, i) => giftCertificate(i + 50, a)),
          );
          const view = totalsView(basket, hide);
          expect(sumOfRows(view.rows)).toBe(view.total);
          expect(view.counts.memberships).toBe(prices.length);
          expect(view.counts.giftCertificates).toBe(amounts.length);
          expect(view.rows.some((r) => r.kind === 'tickets')).toBe(
            tickets > 0 || prices.length + amounts.length === 0,
          );
        },
      ),
    );
  });

  it('the footer names what the basket holds', async () => {
    const t = await english();
    const counts = { tickets: 0, memberships: 1, giftCertificates: 0, products: 0 };
    expect(footerTotalLabel(counts, t)).toBe('Total, 1 membership');
    expect(footerTotalLabel({ ...counts, tickets: 2, giftCertificates: 2 }, t)).toBe(
      'Total, 2 tickets, 1 membership, 2 gift certificates',
    );
    expect(footerTotalLabel({ tickets: 3, memberships: 0, giftCertificates: 0, products: 0 }, t)).toBe(
      'Total, 3 tickets',
    );
  });
});
