import type { z } from 'zod';
import { ConsumerFeatures } from '../../../../adapters/http/contract/accounts.ts';
import {
  Basket,
  BasketPromotion,
  BasketViewModel,
  ExpirationTime,
  Expired,
  MarketingOptIns,
} from '../../../../adapters/http/contract/basket.ts';
import { Pricing } from '../../../../adapters/http/contract/inventory.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// The basket page's calls, with the contract's schemas. A refused change is an ApiError with the
// server's Message and, for a ticket-type change, its Reason. A 404 means the basket is gone
// (expired or never made): the screen decides where that leads.

export type BasketData = z.infer<typeof Basket>;
export type BasketViewModelData = z.infer<typeof BasketViewModel>;
export type MarketingOptIn = z.infer<typeof MarketingOptIns>[number];
export type BasketPromotionData = z.infer<typeof BasketPromotion>;
export type PricingData = z.infer<typeof Pricing>;

const BASE = '/api/baskets';

export const fetchBasketViewModel = (signal?: AbortSignal) =>
  getJson(`${BASE}/viewmodel`, BasketViewModel, signal);

export const fetchExpirationTime = (signal?: AbortSignal) =>
  getJson(`${BASE}/expirationtime`, ExpirationTime, signal);

export const fetchMarketingOptIns = (eventTemplateIds: readonly number[], signal?: AbortSignal) => {
  const query = new URLSearchParams();
  for (const id of eventTemplateIds) query.append('eventTemplateIds', String(id));
  const text = query.toString();
  return getJson(`${BASE}/marketingOptIns${text ? `?${text}` : ''}`, MarketingOptIns, signal);
};

export const fetchBasketPromotion = (signal?: AbortSignal) =>
  getJson('/api/promotions/getbasketpromotion', BasketPromotion, signal);

/** An event's consumer prices: which ticket types each price level offers (a member's too, with userId). */
export const fetchEventPricing = (
  eventId: number,
  promoCode: string | null,
  signal?: AbortSignal,
  userId?: number,
) => {
  const query = new URLSearchParams({
    ...(promoCode ? { promoCode } : {}),
    ...(userId ? { userId: String(userId) } : {}),
  }).toString();
  return getJson(
    `/api/eventinventory/pricing/${eventId}/consumer${query ? `?${query}` : ''}`,
    Pricing,
    signal,
  );
};

let features: Promise<ConsumerFeatures> | undefined;
/** GET /api/consumer/features, once per page load (a failure is asked again next time). */
export const fetchConsumerFeatures = (): Promise<ConsumerFeatures> => {
  features ??= getJson('/api/consumer/features', ConsumerFeatures).catch((error: unknown) => {
    features = undefined;
    throw error;
  });
  return features;
};

export const changePriceType = (basketItemIds: readonly number[], priceTypeId: number) =>
  sendJson('PUT', `${BASE}/changepricetype`, { basketItemIds, priceTypeId }, Basket);

export const changePromotion = (
  items: readonly { basketItemId: number; promoCode: string | null; groupCode?: string | null }[],
) => sendJson('PUT', `${BASE}/changepromotion`, { items, save: true }, Basket);

export const removeBasketItems = (basketItemIds: readonly number[]) =>
  sendJson('PUT', `${BASE}/removeItems`, { basketItemIds }, Basket);

export const changeDeliveryMethod = (deliveryMethodId: number) =>
  sendJson('PUT', `${BASE}/changedeliverymethod/${deliveryMethodId}`, {}, Basket);

export const updateBasketNote = (basketNote: string | null) =>
  sendJson('PUT', `${BASE}/updatenote`, { basketNote }, Basket);

export const validateBasket = (signal?: AbortSignal) => getJson(`${BASE}/validate`, Basket, signal);

/** POST expire: idempotent, 200 even when the basket is already gone. */
export const expireBasket = () => sendJson('POST', `${BASE}/expire`, {}, Expired);

/** PUT /api/v2/baskets/updateProducts: each product's new quantity (0 takes it out). */
export const updateProducts = (
  items: readonly { ProductID: number; ProductVariantID: number; Quantity: number; eventID: number | null }[],
) => sendJson('PUT', '/api/v2/baskets/updateProducts', { items }, Basket);

/** PUT continuewithouttickets/{id}: a basket for event {id}'s add-ons, with no tickets. */
export const continueWithoutTickets = (eventId: number) =>
  sendJson('PUT', `${BASE}/continuewithouttickets/${eventId}`, {}, Basket);
