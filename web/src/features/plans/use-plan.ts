import { useEffect, useState } from 'react';
import type { EventPlan, PlanInventory } from '../../../../adapters/http/contract/plans.ts';
import { isApiError } from '../../api/api-error.ts';
import { fetchPlanCalendar, fetchPlanInventory } from './plans-api.ts';

export type PlanLoad =
  | { readonly state: 'loading' }
  | { readonly state: 'notFound' }
  | { readonly state: 'failed' }
  | { readonly state: 'ready'; readonly plan: EventPlan; readonly inventory: PlanInventory };

/** The plan of the URL's code and its slots' performances, read again when the code changes. */
export const usePlan = (code: string): PlanLoad => {
  const [load, setLoad] = useState<PlanLoad>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    fetchPlanCalendar(code, abort.signal)
      .then(async ({ Plan }) => {
        const inventory = await fetchPlanInventory(Plan.id, abort.signal);
        setLoad({ state: 'ready', plan: Plan, inventory });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({ state: isApiError(error) && error.status === 404 ? 'notFound' : 'failed' });
      });
    return () => abort.abort();
  }, [code]);
  return load;
};
