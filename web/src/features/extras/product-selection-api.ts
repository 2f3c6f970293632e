import { EventProducts } from '../../../../adapters/http/contract/basket.ts';
import { getJson } from '../../api/api-client.ts';
import { isApiError } from '../../api/api-error.ts';
import { fetchBasketViewModel, type BasketViewModelData } from '../basket/basket-api.ts';

// The product selection page's reads: the performance's products (no basket needed) and the
// buyer's basket, if they have one live (a 404 is no basket, not a failure).

export const fetchEventProducts = (eventId: number, signal?: AbortSignal) =>
  getJson(`/api/v2/products/event/${eventId}`, EventProducts, signal);

export const fetchLiveBasket = async (signal?: AbortSignal): Promise<BasketViewModelData | null> => {
  try {
    return await fetchBasketViewModel(signal);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
};
