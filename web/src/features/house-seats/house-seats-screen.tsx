import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HouseSeatRequestView } from '../../../../adapters/http/contract/house-seats.ts';
import type { BoxOfficeSeat } from '../../../../adapters/http/contract/staff-inventory.ts';
import { isApiError } from '../../api/api-error.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { PerformancePicker, type PickedPerformance } from '../staff/performance-picker.tsx';
import { cancelHouseSeatRequest, createHouseSeatRequest, findHouseSeatRequest } from './house-seats-api.ts';
import { fetchBoxOfficeInventory } from '../sell/sell-api.ts';
import { OpenSeatChooser } from './open-seat-chooser.tsx';
import { seatPlaceAmong } from './open-seats.ts';
import '../payment-links/payment-links.css';
import './house-seats.css';

// /admin/v2/house-seats: staff who manage holds keep seats of a performance for a guest (the
// performance found by name or date, seats ticked among its open ones by section and row, or a
// number for the best available), send the guest the link, look a request up by its
// code and cancel it (its seats go back on sale).

const messageOf = (error: unknown, fallback: string) =>
  (isApiError(error) ? error.serverMessage : undefined) ?? fallback;

function RequestCard(props: { request: HouseSeatRequestView; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const { request } = props;
  // The seats in words (section, row, seat) once the performance's seats are read; their keys
  // until then, or if they cannot be read.
  const [seats, setSeats] = useState<readonly BoxOfficeSeat[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    fetchBoxOfficeInventory(request.EventId, [], abort.signal).then(
      (inventory) => setSeats(inventory.MapSeats),
      () => undefined,
    );
    return () => abort.abort();
  }, [request.EventId]);
  const seatWords = request.Seats.map((key) => {
    const place = seatPlaceAmong(seats, key);
    return place ? t('houseSeats.seatPlace', place) : key;
  });
  const link = new URL(request.Link, window.location.origin).href;
  return (
    <div className="payment-link__summary" data-testid="house-seat-request">
      <p>
        {request.CustomerName} ({request.CustomerEmail}) · {t(`houseSeats.status.${request.Status}`)}
      </p>
      <p data-testid="house-seat-request-seats">
        {t('houseSeats.seatsHeld', { seats: seatWords.join('; ') })}
      </p>
      <p>
        {t('houseSeats.code')}: <code>{request.Code}</code>
      </p>
      {request.Status !== 'cancelled' && (
        <p>
          <a className="payment-requests__link" href={link}>
            {link}
          </a>
        </p>
      )}
      {request.Status === 'open' && (
        <button type="button" className="button button--secondary button--small" onClick={props.onCancel}>
          {t('houseSeats.cancel')}
        </button>
      )}
    </div>
  );
}

export function HouseSeatsScreen() {
  const { t } = useTranslation('admin');
  usePageTitle(t('houseSeats.title'));
  const [performance, setPerformance] = useState<PickedPerformance | null>(null);
  const [seats, setSeats] = useState<string[]>([]);
  const [seatsRead, setSeatsRead] = useState(0);
  const [quantity, setQuantity] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [paymentRequired, setPaymentRequired] = useState(true);
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<HouseSeatRequestView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<HouseSeatRequestView>, fallback: string) => {
    setBusy(true);
    setMessage(null);
    try {
      setShown(await action());
    } catch (error) {
      setMessage(messageOf(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="payment-requests" aria-labelledby="house-seats-title">
      <h1 id="house-seats-title">{t('houseSeats.title')}</h1>
      <p>{t('houseSeats.intro')}</p>
      <form
        className="payment-requests__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!performance) return;
          void run(async () => {
            const made = await createHouseSeatRequest({
              EventId: performance.EventID,
              Seats: seats,
              Quantity: quantity.trim() === '' ? null : Number(quantity),
              CustomerName: name,
              CustomerEmail: email,
              PaymentRequired: paymentRequired,
            });
            // Those seats are held now: the chooser reads the open seats again, none ticked.
            setSeats([]);
            setSeatsRead((n) => n + 1);
            return made;
          }, t('houseSeats.createFailed'));
        }}
      >
        <h2>{t('houseSeats.new')}</h2>
        <PerformancePicker
          legend={t('houseSeats.performance')}
          showUpcoming
          value={performance}
          onChange={(chosen) => {
            setPerformance(chosen);
            setSeats([]);
          }}
        />
        <fieldset className="house-seats__fieldset">
          <legend className="field-label">{t('houseSeats.seatsLegend')}</legend>
          {performance ? (
            <OpenSeatChooser
              key={seatsRead}
              eventId={performance.EventID}
              chosen={seats}
              onChange={setSeats}
            />
          ) : (
            <p className="house-seats__note">{t('houseSeats.choosePerformance')}</p>
          )}
        </fieldset>
        <label>
          {t('houseSeats.quantity')}
          <input
            className="text-input"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </label>
        <label>
          {t('houseSeats.guestName')}
          <input className="text-input" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t('houseSeats.guestEmail')}
          <input
            className="text-input"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="basket-check">
          <input
            type="checkbox"
            checked={paymentRequired}
            onChange={(e) => setPaymentRequired(e.target.checked)}
          />
          <span>{t('houseSeats.paymentRequired')}</span>
        </label>
        <div>
          <button type="submit" className="button" disabled={busy || performance === null}>
            {t('houseSeats.create')}
          </button>
        </div>
      </form>
      <form
        className="payment-requests__form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => findHouseSeatRequest(code.trim()), t('houseSeats.notFound'));
        }}
      >
        <h2>{t('houseSeats.find')}</h2>
        <label>
          {t('houseSeats.code')}
          <input className="text-input" value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <div>
          <button type="submit" className="button button--secondary" disabled={busy || code.trim() === ''}>
            {t('houseSeats.lookUp')}
          </button>
        </div>
      </form>
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      {shown && (
        <RequestCard
          request={shown}
          onCancel={() => void run(() => cancelHouseSeatRequest(shown.ID), t('houseSeats.cancelFailed'))}
        />
      )}
    </section>
  );
}
