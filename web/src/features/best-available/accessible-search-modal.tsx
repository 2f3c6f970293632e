import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';
import { digitsOnly } from './quantity.ts';

// The best-available accessible seating modal (#bestAvailableModal): accessible seats plus
// companions at most 2, excess cut with an error flag, companions without a seat invalid;
// the server applies the same rule and says when it cut the ask.
export function AccessibleSearchModal(props: {
  onClose: () => void;
  onSearch: (seats: number, companions: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [seats, setSeats] = useState('1');
  const [companions, setCompanions] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    let s = Number(seats || '0');
    let c = Number(companions || '0');
    if (s === 0 && c > 0) return setError(t('bestAvailable.companionWithoutSeat'));
    if (s === 0) return setError(t('bestAvailable.accessibleNone'));
    if (s + c > 2) {
      c = Math.min(c, 1);
      s = 2 - c;
      setSeats(String(s));
      setCompanions(String(c));
      return setError(t('bestAvailable.accessibleTrimmed'));
    }
    props.onSearch(s, c);
  };
  return (
    <Modal title={t('bestAvailable.accessibleTitle')} onClose={props.onClose}>
      <form
        className="best-available__accessible"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t('bestAvailable.accessibleIntro')}</p>
        <label htmlFor={`${id}-seats`}>{t('bestAvailable.accessibleSeats')}</label>
        <input
          id={`${id}-seats`}
          inputMode="numeric"
          value={seats}
          onChange={(event) => setSeats(digitsOnly(event.target.value).slice(0, 1))}
        />
        <label htmlFor={`${id}-companions`}>{t('bestAvailable.companionSeats')}</label>
        <input
          id={`${id}-companions`}
          inputMode="numeric"
          value={companions}
          onChange={(event) => setCompanions(digitsOnly(event.target.value).slice(0, 1))}
        />
        {error && (
          <p className="best-available__warning" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button">
          {t('bestAvailable.find')}
        </button>
      </form>
    </Modal>
  );
}
