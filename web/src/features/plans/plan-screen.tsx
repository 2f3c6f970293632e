import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventPlan, PlanInventory } from '../../../../adapters/http/contract/plans.ts';
import { initialSeatQuantity } from '../../../../core/plans/seat-quantity.ts';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { SeatQuantityField } from './seat-quantity-field.tsx';
import { SlotCard } from './slot-card.tsx';
import { usePlan } from './use-plan.ts';
import './plans.css';

// The plan screens: /tickets/plans/{code} lists the slots one under the other;
// /tickets/pairedplans/{code} shows a paired plan's two parts side by side. Both start at the
// seat quantity of the URL's seatQty (clamped, with the limits said), else the plan's minimum.

const text = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : null;

function PlanBody(props: {
  plan: EventPlan;
  inventory: PlanInventory;
  seatQty: string | null;
  paired: boolean;
}) {
  const { t } = useTranslation();
  const { plan, inventory } = props;
  usePageTitle(plan.displayName);
  const limits = { minQuantity: plan.minQuantity, maxQuantity: plan.maxQuantity };
  const [seats, setSeats] = useState(() => {
    const start = initialSeatQuantity(props.seatQty, limits);
    return {
      quantity: start.quantity,
      message:
        start.message === null
          ? null
          : t('plans.quantityLimits', { min: plan.minQuantity, max: plan.maxQuantity }),
    };
  });
  const rule =
    plan.minSlotsForPurchase === plan.maxSlotsForPurchase
      ? t('plans.slotRuleExact', { count: plan.maxSlotsForPurchase })
      : t('plans.slotRule', { min: plan.minSlotsForPurchase, max: plan.maxSlotsForPurchase });
  return (
    <article className={`plan${props.paired ? ' plan--paired' : ''}`}>
      <header className="plan__header">
        <h1>{plan.displayName}</h1>
        {plan.description ? <p>{plan.description}</p> : null}
        <p className="plan__rule">{rule}</p>
      </header>
      <SeatQuantityField
        limits={limits}
        quantity={seats.quantity}
        message={seats.message}
        onChange={(quantity, message) => setSeats({ quantity, message })}
      />
      <div
        className="plan__slots"
        role="group"
        aria-label={props.paired ? t('plans.partsLabel') : t('plans.slotsLabel')}
      >
        {inventory.Slots.map((slot) => (
          <SlotCard
            key={slot.EventPlanSlotID}
            slot={slot}
            planCode={plan.planCode}
            quantity={seats.quantity}
          />
        ))}
      </div>
    </article>
  );
}

function PlanScreen(props: { code: string; paired: boolean }) {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { seatQty?: unknown };
  const load = usePlan(props.code);
  if (load.state === 'loading') return <Loading label={t('plans.loading')} />;
  if (load.state === 'notFound' || load.state === 'failed')
    return (
      <MessagePage
        title={load.state === 'notFound' ? t('plans.notFound') : t('plans.failed')}
        body={null}
        tone="warning"
        actions={
          <Link to="/" className="button">
            {t('common.backToWhatsOn')}
          </Link>
        }
      />
    );
  return (
    <PlanBody
      key={load.plan.id}
      plan={load.plan}
      inventory={load.inventory}
      seatQty={text(search.seatQty)}
      paired={props.paired}
    />
  );
}

/** /tickets/plans/{seriesCode}[/{slotId}] */
export function PlansScreen() {
  const params = useParams({ strict: false }) as { seriesCode?: string };
  return <PlanScreen code={params.seriesCode ?? ''} paired={false} />;
}

/** /tickets/pairedplans/{seriesCode} and /tickets/pairedPlans/{planCode} */
export function PairedPlansScreen() {
  const params = useParams({ strict: false }) as { code?: string };
  return <PlanScreen code={params.code ?? ''} paired />;
}
