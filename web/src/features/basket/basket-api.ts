import { z } from 'zod';
import { ConsumerFeatures } from '../../../../adapters/http/contract/accounts.ts';
import {
  Basket,
  BasketPromotion,
  BasketViewModel,
  ExpirationTime,
  Expired,
  MarketingOptIns,
} from '../../../../adapters/http/contract/basket.ts';
import { SeriesPromotion } from '../../../../adapters/http/contract/catalogue.ts';
import { Pricing } from '../../../../adapters/http/contract/inventory.ts';
import { ApiError } from '../../api/api-error.ts';
import { csrfHeaders } from '../../api/csrf-token.ts';
import { getJson } from '../../api/get-json.ts';

// The basket page's calls (spec 001 section 7, baskets table), with the contract's schemas. A
// 404 means the basket is gone (expired or never made): the screen decides where that leads.

export type BasketData = z.infer<typeof Basket>;
export type BasketViewModelData = z.infer<typeof BasketViewModel>;
export type MarketingOptIn = z.infer<typeof MarketingOptIns>[number];
export type BasketPromotionData = z.infer<typeof BasketPromotion>;
export type PricingData = z.infer<typeof Pricing>;

/** A failed basket change, with the server's reason when it gave one (changepricetype does). */
export class BasketCallError extends ApiError {
  readonly reason: string | undefined;
  constructor(status: number, serverMessage?: string, reason?: string) {
    super(status, serverMessage);
    this.name = 'BasketCallError';
    this.reason = reason;
  }
}

const ErrorBody = z.object({ Message: z.string().optional(), Reason: z.string().optional() }).partial();

const errorOf = async (response: Response): Promise<BasketCallError> => {
  const text = await response.text().catch(() => '');
  let body: z.infer<typeof ErrorBody> = {};
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text));
    if (parsed.success) body = parsed.data;
  } catch {
    // not JSON: no words from the server
  }
  return new BasketCallError(response.status, body.Message || undefined, body.Reason || undefined);
};

/** A basket change: JSON body, the CSRF header (fetched first on a first visit), the basket back. */
const change = async <S extends z.ZodType>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S>> => {
  if (Object.keys(csrfHeaders()).length === 0)
    await fetch('/healthz', { credentials: 'same-origin' }).catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...csrfHeaders() },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new BasketCallError(0);
  }
  if (!response.ok) throw await errorOf(response);
  return schema.parse(await response.json());
};

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

/** A code's promotion as the series offers it (its display name), for a code put on the lines here. */
export const fetchPromotionByCode = (promoCode: string, seriesCode: string, signal?: AbortSignal) =>
  getJson(
    `/api/promotions/validatepromocode?${new URLSearchParams({ promoCode, eventTemplateCode: seriesCode })}`,
    SeriesPromotion,
    signal,
  );

/** An event's consumer prices: which ticket types each price level offers. */
export const fetchEventPricing = (eventId: number, promoCode: string | null, signal?: AbortSignal) =>
  getJson(
    `/api/eventinventory/pricing/${eventId}/consumer${promoCode ? `?${new URLSearchParams({ promoCode })}` : ''}`,
    Pricing,
    signal,
  );

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
  change('PUT', `${BASE}/changepricetype`, { basketItemIds, priceTypeId }, Basket);

export const changePromotion = (
  items: readonly { basketItemId: number; promoCode: string | null; groupCode?: string | null }[],
) => change('PUT', `${BASE}/changepromotion`, { items, save: true }, Basket);

export const removeBasketItems = (basketItemIds: readonly number[]) =>
  change('PUT', `${BASE}/removeItems`, { basketItemIds }, Basket);

export const changeDeliveryMethod = (deliveryMethodId: number) =>
  change('PUT', `${BASE}/changedeliverymethod/${deliveryMethodId}`, {}, Basket);

export const updateBasketNote = (basketNote: string | null) =>
  change('PUT', `${BASE}/updatenote`, { basketNote }, Basket);

export const validateBasket = (signal?: AbortSignal) => getJson(`${BASE}/validate`, Basket, signal);

/** POST expire: idempotent, 200 even when the basket is already gone. */
export const expireBasket = () => change('POST', `${BASE}/expire`, {}, Expired);

/** PUT /api/v2/baskets/updateProducts: each product's new quantity (0 takes it out). */
export const updateProducts = (
  items: readonly { ProductID: number; ProductVariantID: number; Quantity: number; eventID: number | null }[],
) => change('PUT', '/api/v2/baskets/updateProducts', { items }, Basket);

/** PUT continuewithouttickets/{id}: a basket for event {id}'s add-ons, with no tickets. */
export const continueWithoutTickets = (eventId: number) =>
  change('PUT', `${BASE}/continuewithouttickets/${eventId}`, {}, Basket);
