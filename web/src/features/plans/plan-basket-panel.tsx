import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { fetchPlanCalendar } from './plans-api.ts';
import { usePlanBasket } from './use-plan-basket.ts';
import './plans.css';

/**
 * The basket page of a plan basket (/checkout/basket?planCode=..): the plan's slots with the
 * performance and seats each holds, what still stands before checkout, and the way back to the
 * plan. `version` changes when the basket's lines do, and the plan is read again.
 */
export function PlanBasketPanel(props: { planCode: string | null; version: string }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const basket = usePlanBasket();
  const { reload } = basket;
  useEffect(() => {
    void reload();
  }, [props.version, reload]);
  const view = basket.view;
  const code = view?.EventPlanCode ?? props.planCode ?? '';
  // A paired plan's way back is its side-by-side screen.
  const [paired, setPaired] = useState(false);
  useEffect(() => {
    if (!code) return;
    const abort = new AbortController();
    fetchPlanCalendar(code, abort.signal).then(
      ({ Plan }) => setPaired(Plan.planType === 'paired'),
      () => undefined,
    );
    return () => abort.abort();
  }, [code]);
  if (!view || view.EventPlanID === null) return null;
  return (
    <section className="plan-basket" aria-labelledby="plan-basket-title" data-plan-code={code}>
      <h2 id="plan-basket-title">{t('plans.checkoutTitle')}</h2>
      <ul className="plan-basket__slots">
        {view.Slots.map((slot) => (
          <li key={slot.EventPlanSlotID} data-slot-id={slot.EventPlanSlotID}>
            <strong>{slot.Name}</strong>{' '}
            {slot.Quantity > 0 && slot.LocalStartDate
              ? t('plans.held', {
                  count: slot.Quantity,
                  name: slot.EventName ?? '',
                  date: `${format.day(slot.LocalStartDate)}, ${format.time(slot.LocalStartDate)}`,
                })
              : t('plans.notHeld')}
          </li>
        ))}
      </ul>
      {view.CheckoutProblems.length > 0 ? (
        <ul className="plan-checkout__problems" aria-label={t('plans.problemsTitle')}>
          {view.CheckoutProblems.map((p) => (
            <li key={`${p.Kind}-${p.EventPlanSlotID ?? 'plan'}`}>{p.Message}</li>
          ))}
        </ul>
      ) : null}
      {code && paired ? (
        <Link to="/tickets/pairedplans/$code" params={{ code }} className="link-button">
          {t('plans.backToPlan')}
        </Link>
      ) : code ? (
        <Link to="/tickets/plans/$seriesCode" params={{ seriesCode: code }} className="link-button">
          {t('plans.backToPlan')}
        </Link>
      ) : null}
    </section>
  );
}
