import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { NavigateOnce } from '../../ui/navigate-once.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAccount } from '../accounts/use-account.ts';
import { STAFF_HOME } from '../accounts/return-url.ts';
import { continueWithoutTickets, updateProducts } from '../basket/basket-api.ts';
import { fetchEventProducts, fetchLiveBasket } from './product-selection-api.ts';
import {
  changedLines,
  choose,
  chosenOf,
  chosenTotal,
  leftAfter,
  maxQuantity,
  selectionCards,
  variantKey,
  type EventProductsData,
  type SelectionCard,
  type SelectionVariant,
} from './product-selection.ts';
import { QuantityStepper } from '../../ui/quantity-stepper.tsx';
import './product-selection.css';

// /products/{eventId}/selection: a buyer picks a performance's add-ons (with their prices and the
// units left), adds them to the basket and goes on to the basket page. Consumers only: staff sell
// add-ons from their own basket screen, so they are sent to their home.

interface Loaded {
  readonly page: EventProductsData;
  readonly cards: SelectionCard[];
  /** The basket already has tickets for this performance: its add-ons are offered with them. */
  readonly hasTickets: boolean;
}

const load = async (eventId: number, signal: AbortSignal): Promise<Loaded> => {
  const [page, basket] = await Promise.all([fetchEventProducts(eventId, signal), fetchLiveBasket(signal)]);
  const held = new Map<string, number>();
  for (const line of [
    ...(basket?.Basket.ProductItems ?? []),
    ...(basket?.Basket.EventTemplateProductItems ?? []),
  ])
    held.set(variantKey(line), (held.get(variantKey(line)) ?? 0) + line.Quantity);
  return {
    page,
    cards: selectionCards(page.Products, held),
    hasTickets: basket?.Basket.TicketItems.some((t) => t.EventID === eventId) ?? false,
  };
};

export function ProductSelectionScreen() {
  const { t } = useTranslation();
  const { account } = useAccount();
  const params = useParams({ strict: false }) as { eventId?: string };
  const eventId = Number(params.eventId);
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; data: Loaded }
  >({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  usePageTitle(t('productSelection.title'));

  useEffect(() => {
    if (!Number.isSafeInteger(eventId) || eventId <= 0) return;
    const abort = new AbortController();
    load(eventId, abort.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [eventId, reloads]);

  if (account?.Kind === 'staff') return <NavigateOnce to={STAFF_HOME} replace />;
  if (!Number.isSafeInteger(eventId) || eventId <= 0)
    return <ErrorPanel title={t('productSelection.loadError')} error={new Error('Not a performance')} />;
  if (state.status === 'failed')
    return <ErrorPanel title={t('productSelection.loadError')} error={state.error} />;
  if (state.status === 'loading') return <Loading label={t('productSelection.loading')} />;
  return <ProductSelection eventId={eventId} data={state.data} onStale={() => setReloads((n) => n + 1)} />;
}

function ProductSelection(props: { eventId: number; data: Loaded; onStale: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useDateFormat();
  const id = useId();
  const { page, cards, hasTickets } = props.data;
  const locale = page.Event.Venue.CurrencyLocale;
  const [choices, setChoices] = useState<ReadonlyMap<string, number>>(new Map());
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const lines = changedLines(cards, choices);
  const anyChosen = cards.some((c) => c.variants.some((v) => chosenOf(choices, v) > 0));

  const setChoice = (variant: SelectionVariant, quantity: number) =>
    setChoices((current) => new Map(current).set(variant.key, choose(variant, quantity)));

  const add = async () => {
    if (!anyChosen && lines.length === 0) {
      setProblem(t('productSelection.chooseFirst'));
      return;
    }
    setAdding(true);
    setProblem(null);
    try {
      // Without tickets for this performance, the basket goes on with its add-ons alone.
      if (!hasTickets && lines.length > 0) await continueWithoutTickets(props.eventId);
      if (lines.length > 0) await updateProducts(lines);
      await navigate({ to: '/checkout/basket' });
    } catch (failure) {
      setAdding(false);
      setProblem(
        isApiError(failure) && failure.status === 0
          ? t('error.network')
          : ((isApiError(failure) ? failure.serverMessage : undefined) ?? t('error.generic')),
      );
      // Someone else may have bought the last units: show what is left now.
      if (isApiError(failure) && failure.status === 400) props.onStale();
    }
  };

  return (
    <main className="product-selection" aria-labelledby={`${id}-title`}>
      <header className="product-selection__header">
        <h1 id={`${id}-title`}>{t('productSelection.title')}</h1>
        <p className="product-selection__event">
          {page.Event.Name} · {format.longDay(page.Event.LocalDate)} · {format.time(page.Event.LocalDate)} ·{' '}
          {page.Event.Venue.DisplayName}
        </p>
        <p>{cards.length === 0 ? t('productSelection.none') : t('productSelection.intro')}</p>
      </header>
      {problem && (
        <p className="notice product-selection__problem" role="alert">
          {problem}
        </p>
      )}
      <ul className="product-selection__list">
        {cards.map((card) => (
          <li key={card.productId} className="selection-product">
            {card.imageUrl ? (
              <img className="selection-product__image" src={card.imageUrl} alt="" width={80} height={80} />
            ) : (
              <span className="selection-product__image selection-product__image--none" aria-hidden="true">
                {card.name.slice(0, 1)}
              </span>
            )}
            <div className="selection-product__about">
              <h2 className="selection-product__name">{card.name}</h2>
              {card.description && <p className="selection-product__description">{card.description}</p>}
              <ul className="selection-product__variants">
                {card.variants.map((variant) => {
                  const item = variant.variantName ? `${card.name}, ${variant.variantName}` : card.name;
                  const chosen = chosenOf(choices, variant);
                  const left = leftAfter(variant, chosen);
                  return (
                    <li
                      key={variant.key}
                      className="selection-variant"
                      data-testid={`variant-${variant.variantId}`}
                    >
                      <span className="selection-variant__what">
                        {variant.variantName && (
                          <span className="selection-variant__name">{variant.variantName}</span>
                        )}
                        <span>
                          {t('productSelection.each', { price: formatMoney(variant.price, locale) })}
                        </span>
                        {left !== null && (
                          <span className="selection-variant__left" data-testid="stock-left">
                            {maxQuantity(variant) === 0
                              ? t('productSelection.soldOut')
                              : t('productSelection.left', { count: left })}
                          </span>
                        )}
                      </span>
                      <QuantityStepper
                        value={chosen}
                        max={maxQuantity(variant)}
                        labels={{
                          group: t('productSelection.quantityOf', { item }),
                          less: t('productSelection.less', { item }),
                          more: t('productSelection.more', { item }),
                        }}
                        onChange={(quantity) => setChoice(variant, quantity)}
                      />
                    </li>
                  );
                })}
              </ul>
            </div>
          </li>
        ))}
      </ul>
      <footer className="product-selection__footer">
        <p className="product-selection__total" data-testid="selection-total">
          {t('productSelection.total', { amount: formatMoney(chosenTotal(cards, choices), locale) })}
        </p>
        <a className="link-button" href={page.Event.SelectSeatsUrl}>
          {t('productSelection.back')}
        </a>
        <button type="button" className="button" disabled={adding} onClick={() => void add()}>
          {adding ? t('productSelection.adding') : t('productSelection.add')}
        </button>
      </footer>
    </main>
  );
}
