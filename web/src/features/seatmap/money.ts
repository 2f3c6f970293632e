import { formatMoney } from '../../../../core/i18n/format-money.ts';

/** Minor units in the venue's currency, as the locale table writes them (core/i18n/format-money.ts). */
export const formatAmount = (minor: number, currencyLocale: string): string =>
  formatMoney(minor, currencyLocale);
