import { useCallback, useEffect, useState } from 'react';
import type { PlanBasketView } from '../../../../adapters/http/contract/plan-basket.ts';
import { fetchPlanBasket } from './plan-basket-api.ts';

export type PlanBasketLoad =
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'ready'; readonly view: PlanBasketView };

/**
 * The plan basket as the server has it (GET /api/baskets/eventplans/mapBasketViewModel): read
 * when the screen opens, again after a change (`reload`), or taken from a change's own answer
 * (`replace`).
 */
export const usePlanBasket = () => {
  const [load, setLoad] = useState<PlanBasketLoad>({ state: 'loading' });
  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      const view = await fetchPlanBasket(signal);
      if (!signal?.aborted) setLoad({ state: 'ready', view });
    } catch {
      if (!signal?.aborted) setLoad({ state: 'failed' });
    }
  }, []);
  useEffect(() => {
    const abort = new AbortController();
    void reload(abort.signal);
    return () => abort.abort();
  }, [reload]);
  const replace = useCallback((view: PlanBasketView) => setLoad({ state: 'ready', view }), []);
  return { load, view: load.state === 'ready' ? load.view : null, reload, replace };
};
