import type { z } from 'zod';
import type { CounterCustomer, SavedBasketItem } from '../../../../adapters/http/contract/staff-basket.ts';
import {
  AdminBasket,
  CounterDelivery,
  CustomerList,
  ExistingBasket as ExistingBasketAnswer,
  NewCustomer as NewCustomerAnswer,
  SavedBasket as SaveAnswer,
  SavedBasketList,
} from '../../../../adapters/http/contract/staff-basket.ts';
import { call, getJson, sendJson } from '../../api/api-client.ts';
import type { BasketData } from '../basket/basket-api.ts';

// The staff basket page's calls (customers, sales channel, saving and resuming baskets, the
// bulk edits), with the box office's contract schemas. Refusals are ApiError with the server's
// Message.

const ADMIN = '/api/admin/baskets';

export type Customer = z.infer<typeof CounterCustomer>;
export type SavedBasket = z.infer<typeof SavedBasketItem>;
export type ExistingBasket = z.infer<typeof ExistingBasketAnswer>;

/** GET /api/admin/customers?search=: at most 20 customers matching a name, e-mail or phone. */
export const searchCustomers = async (search: string, signal?: AbortSignal): Promise<Customer[]> =>
  (await getJson(`/api/admin/customers?${new URLSearchParams({ search })}`, CustomerList, signal)).Items;

export interface NewCustomer {
  readonly FirstName: string;
  readonly LastName: string;
  readonly Email?: string;
  readonly Phone?: string;
}

/** POST /api/admin/customers: a walk-up customer made at the counter. */
export const createCustomer = (customer: NewCustomer) =>
  sendJson('POST', '/api/admin/customers', customer, NewCustomerAnswer);

export const assignCustomer = (customerId: number): Promise<BasketData> =>
  sendJson('PUT', `${ADMIN}/updatecustomer/${customerId}`, {}, AdminBasket);

/** The counter's hand-over delivery, unless the clerk chose one (core/basket/staff/counter-delivery.ts). */
export const handOverAtCounter = (): Promise<BasketData> =>
  sendJson('PUT', `${ADMIN}/counterdelivery`, {}, AdminBasket);

/** Which delivery is the counter's hand-over (GET /api/admin/baskets/counterdelivery). */
export const fetchCounterDelivery = () => getJson(`${ADMIN}/counterdelivery`, CounterDelivery);

export const removeCustomer = (): Promise<BasketData> =>
  sendJson('PUT', `${ADMIN}/customer/remove`, {}, AdminBasket);

export const changeSalesChannel = (salesChannel: string): Promise<BasketData> =>
  sendJson('PUT', `${ADMIN}/saleschannel`, { SalesChannel: salesChannel }, AdminBasket);

/** PUT save: 409 when the basket cannot be saved (CanSaveBasket false). */
export const saveBasket = (name: string | null) =>
  sendJson('PUT', `${ADMIN}/save`, name ? { Name: name } : {}, SaveAnswer);

export const listSavedBaskets = (
  query: { SearchText?: string; Page?: number; PageSize?: number },
  signal?: AbortSignal,
) => sendJson('POST', `${ADMIN}/list`, query, SavedBasketList, signal);

export const fetchExistingBasket = (basketId: string, signal?: AbortSignal) =>
  getJson(`${ADMIN}/existingBasket/${encodeURIComponent(basketId)}`, ExistingBasketAnswer, signal);

/** PUT {id}/activate: the saved basket becomes this browser's basket (the cookie). */
export const activateBasket = (basketId: string): Promise<BasketData> =>
  sendJson('PUT', `${ADMIN}/${encodeURIComponent(basketId)}/activate`, {}, AdminBasket);

/** DELETE {id}/expire: the basket ends and its seats go back on sale. */
export const expireBasketById = async (basketId: string): Promise<void> => {
  await call('DELETE', `${ADMIN}/${encodeURIComponent(basketId)}/expire`);
};

export const overridePrice = (basketItemIds: readonly number[], price: number): Promise<BasketData> =>
  sendJson('PUT', `${ADMIN}/overrideprice`, { BasketItemIds: basketItemIds, Price: price }, AdminBasket);

export const removeFees = (basketItemIds: readonly number[]): Promise<BasketData> =>
  sendJson('PUT', `${ADMIN}/removefees`, { BasketItemIds: basketItemIds }, AdminBasket);
