import { useEffect, useState, type ReactNode } from 'react';
import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';
import { LocalLink } from '../basket/local-link.tsx';
import { planChangeSeatsPath, planSlotOf } from './plan-change-seats.ts';
import { fetchPlanCalendar } from './plans-api.ts';

// Whether a plan is paired, read once per code for every performance of the basket.
const pairedByCode = new Map<string, Promise<boolean>>();
const isPairedPlan = (code: string): Promise<boolean> => {
  let known = pairedByCode.get(code);
  if (!known) {
    known = fetchPlanCalendar(code).then(
      ({ Plan }) => Plan.planType === 'paired',
      () => {
        pairedByCode.delete(code);
        return false;
      },
    );
    pairedByCode.set(code, known);
  }
  return known;
};

/**
 * The basket's "Change seats" of a performance bought in a plan: back to the plan screen for its
 * slot (plan-change-seats.ts); `fallback` (the plain seat map's link) for tickets of no plan.
 */
export function PlanChangeSeatsLink(props: {
  planCode: string | null;
  tickets: readonly TicketItem[];
  className: string;
  children: ReactNode;
  fallback: ReactNode;
}) {
  const slot = planSlotOf(props.tickets);
  const code = slot ? props.planCode : null;
  const [paired, setPaired] = useState<boolean | null>(null);
  useEffect(() => {
    if (!code) return;
    let live = true;
    void isPairedPlan(code).then((p) => live && setPaired(p));
    return () => {
      live = false;
    };
  }, [code]);
  if (!slot || !code) return <>{props.fallback}</>;
  if (paired === null) return null;
  return (
    <LocalLink path={planChangeSeatsPath({ planCode: code, paired, ...slot })} className={props.className}>
      {props.children}
    </LocalLink>
  );
}
