import { useTranslation } from 'react-i18next';
import type { PlanBasketView } from '../../../../adapters/http/contract/plan-basket.ts';

/**
 * What still stands between the plan basket and checkout, in words (the server's, from
 * core/plans/checkout-rules.ts), and Checkout, enabled only when the plan may check out.
 */
export function PlanCheckoutBar(props: {
  view: PlanBasketView | null;
  /** This plan's basket: another plan's problems are not this screen's. */
  isThisPlan: boolean;
  onCheckout: () => void;
}) {
  const { t } = useTranslation();
  const problems = props.isThisPlan ? (props.view?.CheckoutProblems ?? []) : [];
  const canCheckout = props.isThisPlan && props.view?.CanCheckout === true;
  return (
    <section className="plan-checkout" aria-labelledby="plan-checkout-title">
      <h2 id="plan-checkout-title">{t('plans.checkoutTitle')}</h2>
      {!props.isThisPlan ? <p>{t('plans.nothingHeld')}</p> : null}
      {problems.length > 0 ? (
        <ul className="plan-checkout__problems" aria-label={t('plans.problemsTitle')}>
          {problems.map((p) => (
            <li key={`${p.Kind}-${p.EventPlanSlotID ?? 'plan'}`}>{p.Message}</li>
          ))}
        </ul>
      ) : null}
      {canCheckout ? <p>{t('plans.readyToCheckout')}</p> : null}
      <button type="button" className="button" disabled={!canCheckout} onClick={props.onCheckout}>
        {t('plans.checkout')}
      </button>
    </section>
  );
}
