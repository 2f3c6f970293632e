import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSavedBaskets, type SavedBaskets } from './sell-api.ts';

// The saved-baskets button of the selling home: shown only when the saved-basket list answers
// (POST /api/admin/baskets/list); otherwise there is nothing to show and no button.

export function SavedBasketsPanel() {
  const { t } = useTranslation('admin');
  const [baskets, setBaskets] = useState<SavedBaskets | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    fetchSavedBaskets().then(
      (answer) => live && setBaskets(answer),
      () => undefined, // not answered (no such call, or not allowed): the panel stays hidden
    );
    return () => {
      live = false;
    };
  }, []);

  if (!baskets) return null;
  return (
    <section className="admin-card saved-baskets" aria-labelledby="saved-baskets-title">
      <button
        type="button"
        className="button button--quiet"
        aria-expanded={open}
        aria-controls="saved-baskets-list"
        onClick={() => setOpen((o) => !o)}
        id="saved-baskets-title"
      >
        {t('sell.savedBaskets', { count: baskets.TotalCount })}
      </button>
      {open && (
        <ul id="saved-baskets-list" className="saved-baskets__list">
          {baskets.Items.length === 0 && <li>{t('sell.noSavedBaskets')}</li>}
          {baskets.Items.map((b) => (
            <li key={b.BasketId}>
              <span className="saved-baskets__name">
                {b.Name ?? b.CustomerName ?? t('sell.unnamedBasket')}
              </span>
              <span className="saved-baskets__meta">
                {b.EventNames.join(', ')} · {t('sell.tickets', { count: b.TicketCount })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/admin/v2/checkout/basket" className="saved-baskets__current">
        {t('sell.currentBasket')}
      </Link>
    </section>
  );
}
