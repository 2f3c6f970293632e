import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketData } from '../basket/basket-api.ts';
import { changeSalesChannel } from './staff-basket-api.ts';

/** The box office's own channels (the demo's sales_channels with is_admin). */
export const STAFF_SALES_CHANNELS = ['BoxOffice', 'Phone', 'GroupSales', 'POS'] as const;

/** The channel the basket is sold through: the prices and holds offered follow it. */
export function SalesChannelPanel(props: {
  current: string;
  change: (run: () => Promise<BasketData>) => Promise<boolean>;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [choosing, setChoosing] = useState<string | null>(null);
  const channels: readonly string[] = STAFF_SALES_CHANNELS.includes(
    props.current as (typeof STAFF_SALES_CHANNELS)[number],
  )
    ? STAFF_SALES_CHANNELS
    : [props.current, ...STAFF_SALES_CHANNELS];
  return (
    <section className="staff-panel">
      <label className="staff-panel__title" htmlFor={`${id}-channel`}>
        {t('staffBasket.channel.title')}
      </label>
      <select
        id={`${id}-channel`}
        value={choosing ?? props.current}
        disabled={choosing !== null}
        onChange={(event) => {
          const channel = event.target.value;
          setChoosing(channel);
          void props.change(() => changeSalesChannel(channel)).finally(() => setChoosing(null));
        }}
      >
        {channels.map((c) => (
          <option key={c} value={c}>
            {t(`staffBasket.channel.${c}`, { defaultValue: c })}
          </option>
        ))}
      </select>
    </section>
  );
}
