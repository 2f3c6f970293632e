import { Link, useBlocker, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import type { Pricing } from '../../../../adapters/http/contract/inventory.ts';
import type { ReservedBestAvailable } from '../../../../adapters/http/contract/best-available.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import {
  fetchEvent,
  fetchPricing,
  releaseBlock,
  reserveBestAvailable,
  type ReserveAsk,
} from './best-available-api.ts';
import { AccessibleSearchModal } from './accessible-search-modal.tsx';
import { QuantityStep } from './quantity-step.tsx';
import { ResultsPanel } from './results-panel.tsx';
import { WaitingRoomScreen } from './waiting-room-screen.tsx';
import { planModeOf, type PlanMode } from '../plans/plan-mode.ts';
import { releasePlanSlot, reservePlanSlot } from './plan-reserve.ts';
import './best-available.css';

// /tickets/series/{eventCode}/{eventId}/bestAvailable: the heavy on-sale flow: quantity,
// searching, results (held in the basket) or no results; accept goes to the basket, try again
// swaps the block, going back releases it; the waiting room when the on-sale has one. Each step
// has a URL hash name of its own, so the back button and links land on the right step.
// Opened from a plan (planCode, slotId, seatQty in the query) it asks for the plan's seat
// quantity and holds into the plan basket for that slot (plan-reserve.ts); accept goes back to
// the plan.

type Step =
  | { readonly kind: 'quantity' }
  | { readonly kind: 'searching'; readonly ask: ReserveAsk }
  | { readonly kind: 'results'; readonly ask: ReserveAsk; readonly answer: ReservedBestAvailable }
  | { readonly kind: 'none'; readonly ask: ReserveAsk }
  | { readonly kind: 'waiting'; readonly ask: ReserveAsk }
  | { readonly kind: 'error'; readonly ask: ReserveAsk; readonly message: string };

/** Names the step in the URL hash without a navigation (links and the back button land on it). */
export const nameStep = (hash: string | null) => {
  const url = `${window.location.pathname}${window.location.search}${hash ? `#${hash}` : ''}`;
  window.history.replaceState(window.history.state, '', url);
};

const itemIdsOf = (answer: ReservedBestAvailable | undefined): number[] =>
  (answer?.Basket?.TicketItems ?? []).flatMap((item) => (typeof item.ID === 'number' ? [item.ID] : []));

export function BestAvailableRoute() {
  const params = useParams({ strict: false }) as { eventCode?: string; eventId?: string };
  const search = useSearch({ strict: false }) as Record<string, unknown> & {
    quantity?: unknown;
    promo?: unknown;
    groupCode?: unknown;
  };
  const eventId = Number(params.eventId);
  const text = (value: unknown) =>
    typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
  return (
    <BestAvailableScreen
      eventCode={params.eventCode ?? ''}
      eventId={eventId}
      initialQuantity={text(search.quantity)}
      codes={{ promoCode: text(search.promo), groupCode: text(search.groupCode) }}
      plan={planModeOf(search)}
    />
  );
}

export function BestAvailableScreen(props: {
  eventCode: string;
  eventId: number;
  initialQuantity: string;
  /** The promo and groupCode of the URL, applied to the seats held. */
  codes?: { promoCode: string; groupCode: string };
  /** Opened from a plan: its seat quantity, held into the plan basket for the slot. */
  plan?: PlanMode | null;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const navigate = useNavigate();
  const [event, setEvent] = useState<Event | null>(null);
  const [pricing, setPricing] = useState<Pricing | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [step, setStep] = useState<Step>({ kind: 'quantity' });
  const [accessibleOpen, setAccessibleOpen] = useState(false);
  const leavingOnPurpose = useRef(false);
  const heldItems = useRef<number[]>([]);
  const plan = props.plan ?? null;
  const planNext = useRef<string | null>(null);
  const release = plan ? releasePlanSlot : releaseBlock;
  usePageTitle(event ? `${t('bestAvailable.title')} · ${event.Name}` : t('bestAvailable.title'));

  // The URL's promotion prices the search when the server accepts it; a refused code (400) is
  // dropped and the buyer sees full prices, as on the seat map.
  const promoCode = props.codes?.promoCode ?? '';
  const groupCode = props.codes?.groupCode ?? '';
  const [codes, setCodes] = useState<{ promoCode: string; groupCode: string } | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    const asked = promoCode ? { promoCode, groupCode } : undefined;
    const pricingWithCodes = fetchPricing(props.eventId, controller.signal, asked).then(
      (p) => ({ pricing: p, codes: asked }),
      (error: unknown) => {
        if (!asked || !isApiError(error) || error.status !== 400) throw error;
        return fetchPricing(props.eventId, controller.signal).then((p) => ({ pricing: p, codes: undefined }));
      },
    );
    Promise.all([fetchEvent(props.eventId, controller.signal), pricingWithCodes])
      .then(([e, p]) => {
        setEvent(e);
        setPricing(p.pricing);
        setCodes(p.codes);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error);
      });
    return () => controller.abort();
  }, [props.eventId, promoCode, groupCode]);

  const resultsHash = event?.UseHeavyOnSale === false ? 'bestAvailableResults' : 'heavyOnSaleResults';
  useEffect(() => {
    if (step.kind === 'quantity') nameStep('bestAvailableQuantity');
    else if (step.kind === 'results') nameStep(resultsHash);
    else if (step.kind !== 'searching') nameStep(null);
  }, [step.kind, resultsHash]);
  useEffect(() => {
    if (accessibleOpen) nameStep('bestAvailableModal');
  }, [accessibleOpen]);

  const search = useCallback(
    async (ask: ReserveAsk) => {
      setStep({ kind: 'searching', ask });
      try {
        if (plan) {
          const held = await reservePlanSlot(plan, ask.eventId, ask.quantity);
          heldItems.current = held.itemIds;
          planNext.current = held.next;
          return setStep(
            held.answer.Found ? { kind: 'results', ask, answer: held.answer } : { kind: 'none', ask },
          );
        }
        const outcome = await reserveBestAvailable(ask);
        if (outcome.kind === 'waitingRoom') return setStep({ kind: 'waiting', ask });
        heldItems.current = itemIdsOf(outcome.answer);
        setStep(
          outcome.answer.Found ? { kind: 'results', ask, answer: outcome.answer } : { kind: 'none', ask },
        );
      } catch (error) {
        heldItems.current = [];
        const message =
          (isApiError(error) && error.status === 0 ? t('error.network') : undefined) ??
          (isApiError(error) ? error.serverMessage : undefined) ??
          t('bestAvailable.error');
        setStep({ kind: 'error', ask, message });
      }
    },
    [t, plan],
  );

  // Leaving while the results are open is blocked with a warning; leaving
  // anyway gives the seats back. Accepting (to the basket) is not leaving.
  const resultsOpen = step.kind === 'results';
  useBlocker({
    shouldBlockFn: () => {
      if (!resultsOpen || leavingOnPurpose.current) return false;
      const leave = window.confirm(t('bestAvailable.leaveWarning'));
      if (leave) void release(heldItems.current);
      return !leave;
    },
    enableBeforeUnload: () => resultsOpen && !leavingOnPurpose.current,
  });

  const back = async () => {
    const ids = heldItems.current;
    heldItems.current = [];
    setStep({ kind: 'quantity' });
    await release(ids);
  };

  const accept = () => {
    leavingOnPurpose.current = true;
    if (plan && planNext.current) void navigate({ href: planNext.current });
    else void navigate({ to: '/checkout/basket' });
  };

  if (loadError)
    return (
      <MessagePage
        tone="warning"
        title={t('bestAvailable.loadError')}
        body={isApiError(loadError) && loadError.serverMessage ? loadError.serverMessage : t('error.generic')}
        actions={
          <Link to="/tickets/series/$eventCode" params={{ eventCode: props.eventCode }} className="button">
            {t('comingSoon.backToSeries')}
          </Link>
        }
      />
    );
  if (!event || !pricing) return <Loading label={t('common.loading')} />;

  const limit = pricing.OrderTicketLimit;
  return (
    <section className="best-available" aria-labelledby="best-available-title">
      {/* When: the venue's wall clock (LocalDate), written as the seat map and the basket write it. */}
      <p className="best-available__event">
        <Link to="/tickets/series/$eventCode" params={{ eventCode: props.eventCode }}>
          {event.EventTemplateName}
        </Link>{' '}
        ·{' '}
        <time dateTime={event.LocalDate}>
          {format.longDay(event.LocalDate)} · {format.time(event.LocalDate)}
        </time>{' '}
        · {event.Venue.DisplayName}
      </p>
      <h1 id="best-available-title">{t('bestAvailable.title')}</h1>
      {step.kind === 'quantity' && plan?.seatQty ? (
        <div className="best-available__quantity" data-plan-code={plan.planCode}>
          <p>{t('plans.planMode', { count: plan.seatQty })}</p>
          <button
            type="button"
            className="button"
            onClick={() => void search({ eventId: props.eventId, quantity: plan.seatQty!, ...codes })}
          >
            {t('bestAvailable.find')}
          </button>
        </div>
      ) : null}
      {step.kind === 'quantity' && !plan?.seatQty && (
        <QuantityStep
          initial={props.initialQuantity}
          limit={limit}
          limitMessage={pricing.TicketLimitMessage}
          onSearch={(quantity) => void search({ eventId: props.eventId, quantity, ...codes })}
          onAccessible={() => setAccessibleOpen(true)}
        />
      )}
      {step.kind === 'searching' && <Loading label={t('bestAvailable.searching')} />}
      {step.kind === 'waiting' && (
        <WaitingRoomScreen eventId={props.eventId} onAdmitted={() => void search(step.ask)} />
      )}
      {step.kind === 'results' && (
        <ResultsPanel
          answer={step.answer}
          pricing={pricing}
          event={event}
          onAccept={accept}
          onTryAgain={() => void search(step.ask)}
          onBack={() => void back()}
          onMapOpen={(open) => nameStep(open ? 'bestAvailableMapModal' : resultsHash)}
        />
      )}
      {step.kind === 'none' && (
        <div className="best-available__none" role="status">
          <h2>{t('bestAvailable.noResultsTitle')}</h2>
          <p>{t('bestAvailable.noResults')}</p>
          <button type="button" className="button" onClick={() => setStep({ kind: 'quantity' })}>
            {t('bestAvailable.changeQuantity')}
          </button>
        </div>
      )}
      {step.kind === 'error' && (
        <div className="best-available__none" role="alert">
          <h2>{t('bestAvailable.errorTitle')}</h2>
          <p>{step.message}</p>
          <div className="best-available__actions">
            <button type="button" className="button" onClick={() => void search(step.ask)}>
              {t('common.retry')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStep({ kind: 'quantity' })}
            >
              {t('bestAvailable.changeQuantity')}
            </button>
          </div>
        </div>
      )}
      {accessibleOpen && (
        <AccessibleSearchModal
          onClose={() => {
            setAccessibleOpen(false);
            if (step.kind === 'quantity') nameStep('bestAvailableQuantity');
          }}
          onSearch={(seats, companions) => {
            setAccessibleOpen(false);
            void search({
              ...codes,
              eventId: props.eventId,
              quantity: seats + companions,
              accessibleSeats: seats,
              companionSeats: companions,
            });
          }}
        />
      )}
    </section>
  );
}
