import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { EventPricesView } from '../../../../adapters/http/contract/performances.ts';
import { venueTimeParts } from '../../i18n/venue-time.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { saveEventPrices } from './performances-api.ts';
import { PricesForm } from './prices-form.tsx';
import './performances.css';

// /admin/v2/event/$id/prices: one performance's own prices, over its template's defaults. Its
// price levels stay (its seats are on them); names, colours, amounts and fees change.

export function EventPricesScreen(props: { view: EventPricesView }) {
  const { t, i18n } = useTranslation('admin');
  const { view } = props;
  const p = view.Performance;
  const when = t('time.inZone', venueTimeParts(p.StartsAt, p.Template.TimeZone, i18n.language));
  usePageTitle(t('performances.eventPricesTitle', { name: p.Name }));
  return (
    <section className="performances" aria-labelledby="event-prices-title">
      <nav className="breadcrumb" aria-label={t('performances.breadcrumb')}>
        <Link
          to="/admin/v2/event-templates/$templateId/performances"
          params={{ templateId: String(p.Template.ID) }}
        >
          {t('performances.title', { template: p.Template.Name })}
        </Link>
      </nav>
      <h1 id="event-prices-title">{t('performances.eventPricesTitle', { name: p.Name })}</h1>
      <p>{when}</p>
      <p className="field-hint">{t('performances.eventPricesIntro')}</p>
      <PricesForm
        source={view}
        zones={view.Levels.map((l) => l.Zone)}
        currencyLocale={p.Template.CurrencyLocale}
        currency={p.Template.IsoCurrencyCode}
        save={(body) => saveEventPrices(p.ID, body)}
      />
    </section>
  );
}
