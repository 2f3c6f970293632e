import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventPlan, PlanInventory } from '../../../../adapters/http/contract/plans.ts';
import {
  answerRelease,
  initialSeatQuantity,
  quantityChange,
  type QuantityChange,
} from '../../../../core/plans/seat-quantity.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { expireBasket } from '../basket/basket-api.ts';
import { BestSeatsPanel } from './best-seats-panel.tsx';
import { PlanCheckoutBar } from './plan-checkout-bar.tsx';
import { chosenPerformances, focusedFirst, heldSlotsOf, seatsHeld, slotEventPairs } from './plan-purchase.ts';
import { PlanReleaseModal } from './plan-release-modal.tsx';
import { SeatQuantityField } from './seat-quantity-field.tsx';
import { SlotCard, type PerformanceFigures } from './slot-card.tsx';
import { usePlanBasket } from './use-plan-basket.ts';

/** Who sells: the storefront (seat maps in plan mode) or the box office (figures, its channel). */
export interface PlanSeller {
  readonly salesChannel: string;
  readonly seatLinks: boolean;
  /** The box office: each performance opens the staff seat map in plan mode (plans or pairedplans). */
  readonly staffPlanType?: string;
  readonly figures?: ReadonlyMap<number, PerformanceFigures>;
  /** Where Checkout goes, at the quantity in force. */
  readonly checkoutHref: (plan: EventPlan, quantity: number) => string;
}

export const webSeller: PlanSeller = {
  salesChannel: 'Web',
  seatLinks: true,
  checkoutHref: (plan) => `/checkout/basket?planCode=${encodeURIComponent(plan.planCode)}`,
};

type Release = Extract<QuantityChange, { kind: 'confirmRelease' }>;

/**
 * A plan bought in one screen: the same seat quantity, a performance per slot (seats chosen on
 * its map, or the best seats for all shows at once), what the plan basket holds for each slot,
 * what stands before checkout, and Checkout. A focused slot (/tickets/plans/{code}/{slotId})
 * comes first, the other slots collapsed under it.
 */
export function PlanBody(props: {
  plan: EventPlan;
  inventory: PlanInventory;
  seatQty: string | null;
  paired: boolean;
  focusSlotId: number | null;
  seller: PlanSeller;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { plan, inventory, seller } = props;
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
  const basket = usePlanBasket();
  const held = heldSlotsOf(basket.view, plan.id);
  const heldCount = seatsHeld(held);
  // Seats held for this plan fix its quantity (a new one goes through the release warning).
  const heldQuantity = basket.view?.EventPlanID === plan.id ? basket.view.SeatQty : null;
  useEffect(() => {
    if (heldQuantity !== null)
      setSeats((s) => (s.quantity === heldQuantity ? s : { quantity: heldQuantity, message: null }));
  }, [heldQuantity]);
  const [picks, setPicks] = useState<Record<number, number | null>>({});
  const chosen = chosenPerformances(inventory.Slots, held, picks);
  const pairs = slotEventPairs(chosen);
  // The best seats are sought for the slots still empty: a half-filled plan can be completed.
  const emptyPairs = pairs.filter((p) => !held.has(p.slotId));
  const [release, setRelease] = useState<{ change: Release; busy: boolean; error: string | null } | null>(
    null,
  );
  const otherBasket =
    basket.view !== null && basket.view.EventPlanID !== null && basket.view.EventPlanID !== plan.id;

  const onQuantity = (quantity: number, message: string | null) => {
    const change = quantityChange({ quantity: seats.quantity, seatsHeld: heldCount }, quantity);
    if (change.kind === 'confirmRelease') setRelease({ change, busy: false, error: null });
    else setSeats({ quantity: change.quantity, message });
  };
  const answer = async (confirmed: boolean) => {
    if (!release) return;
    const next = answerRelease(release.change, confirmed);
    if (next.clearBasket) {
      setRelease({ ...release, busy: true, error: null });
      try {
        await expireBasket();
      } catch {
        setRelease({ ...release, busy: false, error: t('plans.releaseFailed') });
        return;
      }
      await basket.reload();
    }
    setSeats({ quantity: next.quantity, message: null });
    setRelease(null);
  };

  const rule =
    plan.minSlotsForPurchase === plan.maxSlotsForPurchase
      ? t('plans.slotRuleExact', { count: plan.maxSlotsForPurchase })
      : t('plans.slotRule', { min: plan.minSlotsForPurchase, max: plan.maxSlotsForPurchase });
  const slotName = (slotId: number) => inventory.Slots.find((s) => s.EventPlanSlotID === slotId)?.Name ?? '';
  const slots = focusedFirst(inventory.Slots, props.focusSlotId);
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
        onChange={onQuantity}
      />
      {otherBasket ? (
        <p className="plan__error" role="status">
          {t('plans.otherBasket')}
        </p>
      ) : null}
      <div
        className="plan__slots"
        role="group"
        aria-label={props.paired ? t('plans.partsLabel') : t('plans.slotsLabel')}
      >
        {slots.map((slot) => (
          <SlotCard
            key={slot.EventPlanSlotID}
            slot={slot}
            planCode={plan.planCode}
            quantity={seats.quantity}
            paired={props.paired}
            chosen={chosen.get(slot.EventPlanSlotID) ?? null}
            held={held.get(slot.EventPlanSlotID)}
            onChoose={(eventId) => setPicks({ ...picks, [slot.EventPlanSlotID]: eventId })}
            collapsed={props.focusSlotId !== null && slot.EventPlanSlotID !== props.focusSlotId}
            seatLinks={seller.seatLinks}
            staffPlanType={seller.staffPlanType}
            figures={seller.figures}
          />
        ))}
      </div>
      {heldCount === 0 || emptyPairs.length > 0 ? (
        <BestSeatsPanel
          planId={plan.id}
          quantity={seats.quantity}
          pairs={emptyPairs}
          partial={heldCount > 0}
          slotName={slotName}
          salesChannel={seller.salesChannel}
          onReserved={basket.replace}
        />
      ) : null}
      <PlanCheckoutBar
        view={basket.view}
        isThisPlan={basket.view?.EventPlanID === plan.id}
        onCheckout={() => void navigate({ href: seller.checkoutHref(plan, seats.quantity) })}
      />
      {release ? (
        <PlanReleaseModal
          from={release.change.from}
          to={release.change.to}
          held={heldCount}
          busy={release.busy}
          error={release.error}
          onConfirm={() => void answer(true)}
          onCancel={() => void answer(false)}
        />
      ) : null}
    </article>
  );
}
