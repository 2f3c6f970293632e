import type { ConsumerFeatures } from '../../../../adapters/http/contract/accounts.ts';

// /shop/checkout/basket is used instead of /checkout/basket when the
// consumer feature flag showNewBasketPage is on (GET /api/consumer/features).

export const BASKET_PATH = '/checkout/basket';
export const NEW_BASKET_PATH = '/shop/checkout/basket';

export const showsNewBasketPage = (features: ConsumerFeatures | null | undefined): boolean =>
  features?.showNewBasketPage === true || features?.showNewBasketPage === 'true';

/** The basket page's path for these features. */
export const basketPathFor = (features: ConsumerFeatures | null | undefined): string =>
  showsNewBasketPage(features) ? NEW_BASKET_PATH : BASKET_PATH;
