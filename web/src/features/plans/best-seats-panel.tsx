import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanBasketView, PlanBestAvailable } from '../../../../adapters/http/contract/plan-basket.ts';
import { isApiError } from '../../api/api-error.ts';
import { fetchPlanBestAvailable, reservePlanBestAvailable } from './plan-basket-api.ts';
import { proposalLines } from './plan-purchase.ts';

type Pair = { readonly slotId: number; readonly eventId: number };

/**
 * "Find best seats for all shows": the best seats together in every chosen performance are
 * proposed (nothing held), then held all at once or not at all. A new quantity or choice of
 * performances drops the proposal and its message. The panel stays mounted through such a
 * change: the quantity is taken when its field loses focus, on the pointer's press on this
 * button, and a button replaced between press and release would never receive the click.
 */
export function BestSeatsPanel(props: {
  planId: number;
  quantity: number;
  pairs: readonly Pair[];
  /** Some slots hold seats already: the search covers the others only. */
  partial: boolean;
  slotName: (slotId: number) => string;
  salesChannel: string;
  onReserved: (view: PlanBasketView) => void;
}) {
  const { t } = useTranslation();
  // What the proposal and the message answer: shown only while the ask is still this one.
  const ask = `${props.quantity}:${props.pairs.map((p) => `${p.slotId}-${p.eventId}`).join(',')}`;
  const [answered, setAnswered] = useState<{
    ask: string;
    proposal: PlanBestAvailable | null;
    error: string | null;
  } | null>(null);
  const [busy, setBusy] = useState<'finding' | 'holding' | null>(null);
  const current = answered?.ask === ask ? answered : null;
  const proposal = current?.proposal ?? null;
  const error = current?.error ?? null;
  const setProposal = (next: PlanBestAvailable | null) => setAnswered({ ask, proposal: next, error: null });
  const setError = (message: string | null) =>
    setAnswered((a) => ({ ask, proposal: a?.ask === ask ? a.proposal : null, error: message }));

  const find = async () => {
    setBusy('finding');
    setAnswered(null);
    try {
      setProposal(await fetchPlanBestAvailable(props.planId, props.quantity, props.pairs));
    } catch (e) {
      setError((isApiError(e) ? e.serverMessage : undefined) ?? t('plans.bestFailed'));
    } finally {
      setBusy(null);
    }
  };

  const hold = async () => {
    if (!proposal) return;
    setBusy('holding');
    setError(null);
    try {
      const answer = await reservePlanBestAvailable({
        planId: props.planId,
        quantity: props.quantity,
        events: proposal.Slots.map((s) => ({ eventPlanSlotId: s.EventPlanSlotID, eventId: s.EventID })),
        salesChannel: props.salesChannel,
      });
      setProposal(null);
      props.onReserved(answer.Plan);
    } catch (e) {
      setError((isApiError(e) ? e.serverMessage : undefined) ?? t('plans.holdFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="plan-best" aria-labelledby="plan-best-title">
      <h2 id="plan-best-title">{t('plans.bestTitle')}</h2>
      <button
        type="button"
        className="button"
        onClick={() => void find()}
        disabled={busy !== null || props.pairs.length === 0}
      >
        {busy === 'finding'
          ? t('plans.bestSearching')
          : props.partial
            ? t('plans.bestForRest')
            : t('plans.bestForAll')}
      </button>
      {error ? (
        <p className="plan__error" role="alert">
          {error}
        </p>
      ) : null}
      {proposal && !proposal.Found ? (
        <p className="plan__error" role="alert">
          {proposal.Message ?? t('plans.bestFailed')}
        </p>
      ) : null}
      {proposal && proposal.Found ? (
        <div className="plan-best__proposal">
          <ul aria-label={t('plans.bestProposal')}>
            {proposal.Slots.map((slot) => (
              <li key={slot.EventPlanSlotID} data-slot-id={slot.EventPlanSlotID}>
                <strong>{props.slotName(slot.EventPlanSlotID)}</strong>
                <span>
                  {proposalLines(slot.Seats)
                    .map((line) =>
                      line.kind === 'seat'
                        ? t('plans.seatLine', {
                            section: line.section,
                            row: line.row,
                            seats: line.seats,
                            count: line.count,
                          })
                        : t('plans.gaLine', { section: line.section, count: line.count }),
                    )
                    .join('; ')}
                </span>
              </li>
            ))}
          </ul>
          <button type="button" className="button" onClick={() => void hold()} disabled={busy !== null}>
            {busy === 'holding' ? t('plans.holding') : t('plans.holdProposal')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
