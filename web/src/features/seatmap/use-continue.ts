import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { rememberReturnTarget, returnTargetForSeats } from '../basket/return-target.ts';
import { addChoiceToPlan, planChoiceOf, type PlanMode } from '../plans/plan-mode.ts';
import { addGeneralAdmission, addSeatsToBasket } from './basket-api.ts';
import type { ContinueState } from './footer-cart.tsx';
import type { EventData } from './seatmap-api.ts';
import type { GaPick, SelectedSeat } from './selection.ts';

// Continue: the seats (additems) and GA quantities (generaladmission) go into the basket, then
// the buyer goes to it. A server without those calls (a bare 404 or 405) turns Continue off with
// the reason. Nothing is pretended.

export const useContinue = (input: {
  event: EventData;
  selected: readonly SelectedSeat[];
  ga: readonly GaPick[];
  promoCode: string;
  groupCode: string;
  onTaken: () => Promise<void>;
  onError: (message: string) => void;
  /** Opened from a plan screen: the choice goes into the plan basket (features/plans/plan-mode.ts). */
  plan?: PlanMode | null;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  /** The server answered a basket call with a bare 404 or 405: it has no baskets. */
  const [basketsMissing, setBasketsMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const needsSeats = input.selected.length > 0;
  const state: ContinueState = busy
    ? { kind: 'busy' }
    : basketsMissing
      ? { kind: 'unavailable', reason: t('seatmap.cart.basketUnavailable') }
      : { kind: 'ready' };

  const submit = async () => {
    if (state.kind !== 'ready') return;
    setBusy(true);
    const codes = {
      ...(input.promoCode ? { promoCode: input.promoCode } : {}),
      ...(input.groupCode ? { groupCode: input.groupCode } : {}),
    };
    try {
      if (input.plan) {
        const choice = planChoiceOf(input.event.ID, input.selected, input.ga, input.promoCode);
        await navigate({ href: await addChoiceToPlan(input.plan, choice) });
        return;
      }
      if (needsSeats)
        await addSeatsToBasket({
          eventId: input.event.ID,
          basketItems: input.selected.map((s) => ({
            Key: s.key,
            PriceTypeID: s.priceTypeId,
            packageId: s.packageId,
            SeatAlertAcknowledgement: s.alertAcknowledged,
          })),
          ...codes,
        });
      // One request per section: two sections may share a price level.
      for (const sectionKey of new Set(input.ga.filter((g) => g.quantity > 0).map((g) => g.sectionKey))) {
        const ticketRequest: Record<string, number> = {};
        for (const g of input.ga)
          if (g.sectionKey === sectionKey && g.quantity > 0) {
            const priceKey = `${g.priceLevelId}-${g.priceTypeId}`;
            ticketRequest[priceKey] = (ticketRequest[priceKey] ?? 0) + g.quantity;
          }
        await addGeneralAdmission({ eventId: input.event.ID, ticketRequest, sectionKey, ...codes });
      }
      // Where the expired page and an emptied basket lead back to.
      rememberReturnTarget(
        returnTargetForSeats({
          seriesCode: input.event.EventTemplateCode,
          eventId: input.event.ID,
          search: Object.fromEntries(new URLSearchParams(window.location.search)),
        }),
      );
      await navigate({ to: '/checkout/basket' });
    } catch (error) {
      // The route missing (a bare 404 or 405), not a basket or event the server could not find.
      const routeMissing =
        isApiError(error) &&
        (error.status === 405 ||
          (error.status === 404 && /^not found$/i.test(error.serverMessage ?? 'not found')));
      if (routeMissing) {
        setBasketsMissing(true);
      } else if (isApiError(error) && error.status === 409 && !input.plan) {
        input.onError(t('seatmap.cart.taken'));
        await input.onTaken();
      } else {
        // Also a plan's refusals (a basket of other tickets, a slot held already): the server's words.
        input.onError((isApiError(error) ? error.serverMessage : undefined) ?? t('seatmap.cart.addFailed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return { state, submit };
};
