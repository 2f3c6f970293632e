import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The basket's promotion (PUT /api/baskets/changepromotion for every ticket line): one code for
// the basket, or none. The server's words say why a code was refused.

export function PromoCodePanel(props: {
  /** The code on every ticket line, or null (none, or lines differ). */
  appliedCode: string | null;
  appliedName: string | null;
  /** Some lines carry a code (possibly different ones). */
  anyCode: boolean;
  onApply: (code: string, groupCode: string) => Promise<string | null>;
  onRemove: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [groupCode, setGroupCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t('basket.promo.empty'));
      return;
    }
    setBusy(true);
    setError(null);
    const refused = await props.onApply(trimmed, groupCode.trim());
    setBusy(false);
    if (refused === null) {
      setCode('');
      setGroupCode('');
    } else setError(refused);
  };

  return (
    <section className="basket-panel basket-promo" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="basket-panel__title">
        {t('basket.promo.title')}
      </h2>
      {props.anyCode && (
        <div className="basket-promo__applied" role="status">
          <span className="basket-promo__tick" aria-hidden="true">
            ✓
          </span>
          <p>
            {props.appliedCode === null
              ? t('basket.promo.appliedSome')
              : props.appliedName
                ? t('basket.promo.applied', { name: props.appliedName, code: props.appliedCode })
                : t('basket.promo.appliedCode', { code: props.appliedCode })}
          </p>
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void props.onRemove().finally(() => setBusy(false));
            }}
          >
            {t('basket.promo.remove')}
          </button>
        </div>
      )}
      <form
        className="basket-promo__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <label className="field-label" htmlFor={`${id}-code`}>
          {props.anyCode ? t('basket.promo.otherLabel') : t('basket.promo.label')}
        </label>
        <div className="inline-form">
          <input
            id={`${id}-code`}
            className="text-input text-input--code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button--secondary button--small" disabled={busy}>
            {busy ? t('basket.promo.applying') : t('basket.promo.apply')}
          </button>
        </div>
        <details className="basket-promo__group">
          <summary>{t('basket.promo.groupToggle')}</summary>
          <label className="field-label" htmlFor={`${id}-group`}>
            {t('basket.promo.groupLabel')}
          </label>
          <input
            id={`${id}-group`}
            className="text-input text-input--code"
            value={groupCode}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            onChange={(event) => setGroupCode(event.target.value)}
          />
        </details>
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
