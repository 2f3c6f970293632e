import { formatMoney } from '../../../../core/i18n/format-money.ts';

/** Minor units in the venue's currency, as the locale table writes them (DESIGN.md 1). */
export const formatAmount = (minor: number, currencyLocale: string): string =>
  formatMoney(minor, currencyLocale);
