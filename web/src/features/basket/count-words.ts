import type { TFunction } from 'i18next';
import type { BasketCounts } from './totals.ts';

/**
 * The footer cart's words for what the basket holds: "Total, 2 tickets" as before, and for a basket
 * with memberships, gift certificates or add-ons every kind it holds ("Total, 1 membership").
 */
export const footerTotalLabel = (counts: BasketCounts, t: TFunction): string => {
  const extras = counts.memberships + counts.giftCertificates + counts.products;
  if (extras === 0) return t('basket.footer.total', { count: counts.tickets });
  const parts = [
    counts.tickets > 0 ? t('basket.summary.tickets', { count: counts.tickets }) : null,
    counts.memberships > 0 ? t('basket.summary.memberships', { count: counts.memberships }) : null,
    counts.giftCertificates > 0
      ? t('basket.summary.giftCertificates', { count: counts.giftCertificates })
      : null,
    counts.products > 0 ? t('basket.summary.addOns', { count: counts.products }) : null,
  ].filter((p): p is string => p !== null);
  return t('basket.footer.totalOf', { items: parts.join(', ') });
};
