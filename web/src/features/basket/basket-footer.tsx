import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementBetween, countdownTone, formatCountdown } from './countdown.ts';

/**
 * The hold's countdown, read out to screen readers only at a few marks (also on the payment page).
 * It speaks of seats while the basket holds tickets, else of the basket.
 */
export function BasketTimer(props: { secondsLeft: number; holdsSeats: boolean }) {
  const { t } = useTranslation();
  const words = props.holdsSeats ? 'basket.timer' : 'basket.timer.basket';
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(props.secondsLeft);
  useEffect(() => {
    const mark = announcementBetween(previous.current, props.secondsLeft);
    previous.current = props.secondsLeft;
    if (mark === undefined) return;
    setAnnouncement(
      mark >= 60
        ? t(`${words}.announceMinutes`, { count: mark / 60 })
        : t(`${words}.announceSeconds`, { count: mark }),
    );
  }, [props.secondsLeft, t, words]);
  const tone = countdownTone(props.secondsLeft);
  return (
    <>
      <div className={`basket-timer basket-timer--${tone}`}>
        <svg
          className="basket-timer__icon"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M9 1h6v2H9V1zm10.03 6.39 1.42-1.42-1.41-1.41-1.42 1.42A8.96 8.96 0 0 0 12 4a9 9 0 1 0 9 9c0-2.12-.74-4.07-1.97-5.61zM12 20a7 7 0 1 1 0-14 7 7 0 0 1 0 14zm1-12h-2v6h2V8z"
            fill="currentColor"
          />
        </svg>
        <span className="basket-timer__text">
          <span className="basket-timer__label">{t(`${words}.label`)}</span>
          <span
            className="basket-timer__time"
            role="timer"
            aria-label={t(`${words}.aria`, { time: formatCountdown(props.secondsLeft) })}
            data-testid="basket-timer"
          >
            {formatCountdown(props.secondsLeft)}
          </span>
        </span>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/**
 * The basket's footer cart with its countdown: the time the seats
 * stay held, the total, and the way on to payment.
 */
export function BasketFooter(props: {
  secondsLeft: number;
  total: string;
  /** "Total, 2 tickets" (web/src/features/basket/count-words.ts). */
  label: string;
  /** Whether the basket holds tickets (the timer's words). */
  holdsSeats: boolean;
  checkingOut: boolean;
  onDetails: (() => void) | null;
  onCheckout: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="basket-footer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('basket.footer.label')}
      </h2>
      <BasketTimer secondsLeft={props.secondsLeft} holdsSeats={props.holdsSeats} />
      <div className="basket-footer__total">
        <span className="basket-footer__label">{props.label}</span>
        <strong>{props.total}</strong>
        {props.onDetails && (
          <button type="button" className="link-button basket-footer__details" onClick={props.onDetails}>
            {t('basket.footer.details')}
          </button>
        )}
      </div>
      <button
        type="button"
        className="button basket-footer__checkout"
        disabled={props.checkingOut}
        onClick={props.onCheckout}
      >
        {props.checkingOut ? t('basket.checkingOut') : t('basket.checkout')}
        <span className="arrow" aria-hidden="true">
          →
        </span>
      </button>
    </section>
  );
}
