import { CARD_LENGTHS, cardBrand, type CardBrand } from '../../../../core/payments/card-number.ts';

// How the card number field shows what is typed: digits grouped as printed on the card
// (American Express 4-6-5, the others in fours), never longer than the brand issues.

const AMEX_GROUPS = [4, 6, 5];

/** '4242424242424242' -> '4242 4242 4242 4242'; '378282246310005' -> '3782 822463 10005'. */
export const formatCardNumberInput = (raw: string): string => {
  const digits = raw.replace(/\D/g, '');
  const brand = cardBrand(digits);
  const kept = digits.slice(0, Math.max(...CARD_LENGTHS[brand]));
  if (brand === 'AmericanExpress') {
    const parts: string[] = [];
    let at = 0;
    for (const size of AMEX_GROUPS) {
      if (at >= kept.length) break;
      parts.push(kept.slice(at, at + size));
      at += size;
    }
    return parts.join(' ');
  }
  return kept.replace(/(\d{4})(?=\d)/g, '$1 ');
};

/** The brand as far as the typed digits tell, or null before the first digit. */
export const typedBrand = (raw: string): CardBrand | null => {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 0 ? null : cardBrand(digits);
};

/** The longest the formatted field can be for the brand typed so far (digits plus spaces). */
export const cardNumberMaxLength = (brand: CardBrand | null): number => {
  const digits = Math.max(...CARD_LENGTHS[brand ?? 'Other']);
  return brand === 'AmericanExpress' ? digits + 2 : digits + Math.floor((digits - 1) / 4);
};
