import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { continueWithoutTickets } from './basket-api.ts';

// PUT continuewithouttickets/{id}: a buyer who already has tickets (or
// needs none) buys a performance's add-ons alone. Offered beside the seat map of a performance
// that has products; the basket page then offers that performance's add-ons.

export function ContinueWithoutTicketsOffer(props: { eventId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setGoing(true);
    setError(null);
    try {
      await continueWithoutTickets(props.eventId);
      await navigate({ to: '/checkout/basket' });
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status === 0
          ? t('error.network')
          : ((isApiError(failure) ? failure.serverMessage : undefined) ?? t('error.generic')),
      );
      setGoing(false);
    }
  };
  return (
    <section className="side-card extras-offer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="side-card__title">
        {t('seatmap.extrasOnly.title')}
      </h2>
      <p className="extras-offer__body">{t('seatmap.extrasOnly.body')}</p>
      {error && (
        <p className="extras-offer__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={going}
        onClick={() => void go()}
      >
        {going ? t('seatmap.extrasOnly.going') : t('seatmap.extrasOnly.button')}
      </button>
    </section>
  );
}
