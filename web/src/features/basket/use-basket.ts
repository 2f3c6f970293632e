import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { fetchBasketViewModel, type BasketData, type BasketViewModelData } from './basket-api.ts';

// The basket page's data: the view model once, then each change's answer (the basket as the
// server now has it) in its place. The server is the source of truth; nothing is kept that it
// did not answer, except the moment the answer arrived, from which the timer counts.

export type BasketLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly vm: BasketViewModelData; readonly receivedAt: number }
  /** 404: no live basket for this browser (expired, bought, or never made). */
  | { readonly status: 'missing' }
  | { readonly status: 'error'; readonly error: unknown };

export const useBasket = () => {
  const [load, setLoad] = useState<BasketLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [inFlight, setInFlight] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchBasketViewModel(controller.signal).then(
      (vm) => {
        if (!controller.signal.aborted) setLoad({ status: 'ready', vm, receivedAt: performance.now() });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad(
          isApiError(error) && error.status === 404 ? { status: 'missing' } : { status: 'error', error },
        );
      },
    );
    return () => controller.abort();
  }, [attempt]);

  /** Runs a change and puts the basket it answers in place; errors are the caller's to show. */
  const update = useCallback(async (run: () => Promise<BasketData>): Promise<BasketData> => {
    setInFlight((n) => n + 1);
    try {
      const basket = await run();
      setLoad((current) =>
        current.status === 'ready'
          ? { status: 'ready', vm: { ...current.vm, Basket: basket }, receivedAt: performance.now() }
          : current,
      );
      return basket;
    } finally {
      setInFlight((n) => n - 1);
    }
  }, []);

  return {
    load,
    updating: inFlight > 0,
    update,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
  };
};
