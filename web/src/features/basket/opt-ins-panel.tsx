import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketingOptIn } from './basket-api.ts';

/** The marketing opt-ins (GET marketingOptIns); the choice travels with the checkout. */
export function OptInsPanel(props: {
  optIns: readonly MarketingOptIn[];
  chosen: ReadonlySet<number>;
  onChange: (tagId: number, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (props.optIns.length === 0) return null;
  return (
    <section className="basket-panel" aria-labelledby={`${id}-title`}>
      <fieldset className="basket-opt-ins">
        <legend id={`${id}-title`} className="basket-panel__title">
          {t('basket.optIns.title')}
        </legend>
        {props.optIns.map((o) => (
          <label key={o.customerTagId} className="basket-check">
            <input
              type="checkbox"
              checked={props.chosen.has(o.customerTagId)}
              onChange={(event) => props.onChange(o.customerTagId, event.target.checked)}
            />
            <span>{o.customerTagText}</span>
          </label>
        ))}
        <p className="field-hint">{t('basket.optIns.hint')}</p>
      </fieldset>
    </section>
  );
}
