import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { validatePromoCode } from '../catalogue/catalogue-api.ts';

// A promo code on the seat page: the code is validated, then carried in the query as promo (so
// a reload or a shared link keeps it), and the prices are read again with it; clearing it
// removes promo and groupCode.

export function PromoCodeBox(props: {
  seriesCode: string;
  /** The code in force and the name of its promotion, when prices were given for one. */
  active: { code: string; name: string } | null;
  checking: boolean;
  onApply: (code: string, groupCode: string | undefined) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [groupCode, setGroupCode] = useState('');
  const [needsGroup, setNeedsGroup] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    // The code must not be empty.
    if (!trimmed) {
      setError(t('promo.presaleEmpty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const promotion = await validatePromoCode({
        promoCode: trimmed,
        seriesCode: props.seriesCode,
        ...(groupCode.trim() ? { groupCode: groupCode.trim() } : {}),
      });
      props.onApply(promotion.Code ?? trimmed, groupCode.trim() || undefined);
      setCode('');
      setGroupCode('');
      setNeedsGroup(false);
    } catch (problem) {
      if (isApiError(problem) && problem.status === 401) setError(t('seatmap.promo.loginRequired'));
      else if (isApiError(problem) && problem.status === 403) setError(t('seatmap.promo.unavailable'));
      else {
        const message = isApiError(problem) ? problem.serverMessage : undefined;
        if (message && /group code/i.test(message)) setNeedsGroup(true);
        setError(message ?? t('error.generic'));
      }
    } finally {
      setBusy(false);
    }
  };

  if (props.active)
    return (
      <section className="side-card promo-box" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="side-card__title">
          {t('seatmap.promo.title')}
        </h2>
        <p className="promo-box__applied" role="status">
          <span className="promo-box__tick" aria-hidden="true">
            ✓
          </span>
          <span>{t('seatmap.promo.applied', { name: props.active.name, code: props.active.code })}</span>
        </p>
        <button type="button" className="link-button" onClick={props.onClear}>
          {t('seatmap.promo.remove')}
        </button>
      </section>
    );

  return (
    <section className="side-card promo-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="side-card__title">
        {t('seatmap.promo.title')}
      </h2>
      <form className="promo-box__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={`${id}-code`}>{t('seatmap.promo.label')}</label>
        <div className="promo-box__row">
          <input
            id={`${id}-code`}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button--small" disabled={busy || props.checking}>
            {busy || props.checking ? t('seatmap.promo.checking') : t('seatmap.promo.apply')}
          </button>
        </div>
        {needsGroup && (
          <>
            <label htmlFor={`${id}-group`}>{t('seatmap.promo.groupLabel')}</label>
            <input
              id={`${id}-group`}
              value={groupCode}
              autoComplete="off"
              onChange={(event) => setGroupCode(event.target.value)}
            />
          </>
        )}
        {error && (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
