import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanBoxOffice } from '../../../../adapters/http/contract/plan-basket.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { PlanBody, type PlanSeller } from './plan-body.tsx';
import { fetchPlanBoxOffice } from './plan-basket-api.ts';
import type { PerformanceFigures } from './slot-card.tsx';
import { usePlan } from './use-plan.ts';
import './plans.css';

// /admin/selltickets/{planType}/{planCode}[?seatQty=]: the plan screen inside the admin layout.
// Each performance shows the box office's figures (sold, held, available); the clerk sells the
// plan through the best seats for all shows, or each slot's seats on its performance's staff seat
// map in plan mode (features/sell/staff-seat-map-page.tsx, which comes back here), on the
// BoxOffice channel, and checks out at the counter's basket (/admin/v2/checkout/basket?planType=..&seatQty=..).

const figuresOf = (office: PlanBoxOffice | null): ReadonlyMap<number, PerformanceFigures> =>
  new Map(office?.Slots.flatMap((s) => s.Events.map((e) => [e.EventID, e] as const)) ?? []);

export function StaffPlanScreen(props: { planType: string; planCode: string; seatQty: string | null }) {
  const { t } = useTranslation();
  const load = usePlan(props.planCode);
  const planId = load.state === 'ready' ? load.plan.id : null;
  const [office, setOffice] = useState<PlanBoxOffice | null>(null);
  useEffect(() => {
    if (planId === null) return;
    const abort = new AbortController();
    // Without the figures the plan still sells; they are only shown when they come.
    fetchPlanBoxOffice(planId, abort.signal).then(setOffice, () => undefined);
    return () => abort.abort();
  }, [planId]);
  const paired = props.planType.toLowerCase() === 'pairedplans';
  const seller: PlanSeller = useMemo(
    () => ({
      salesChannel: 'BoxOffice',
      seatLinks: true,
      staffPlanType: props.planType,
      figures: figuresOf(office),
      checkoutHref: (_plan, quantity) =>
        `/admin/v2/checkout/basket?${new URLSearchParams({ planType: props.planType, seatQty: String(quantity) })}`,
    }),
    [office, props.planType],
  );
  if (load.state === 'loading') return <Loading label={t('plans.loading')} />;
  if (load.state !== 'ready')
    return (
      <ErrorPanel title={load.state === 'notFound' ? t('plans.notFound') : t('plans.failed')} error={null} />
    );
  return (
    <div className="staff-plan">
      <p className="staff-plan__eyebrow">{t('plans.staffTitle')}</p>
      <PlanBody
        key={load.plan.id}
        plan={load.plan}
        inventory={load.inventory}
        seatQty={props.seatQty}
        paired={paired}
        focusSlotId={null}
        seller={seller}
      />
    </div>
  );
}
