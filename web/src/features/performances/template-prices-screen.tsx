import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TemplatePricesView } from '../../../../adapters/http/contract/performances.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { saveTemplatePrices } from './performances-api.ts';
import { PricesForm } from './prices-form.tsx';
import { PriceTypesPanel } from './price-types-panel.tsx';
import './performances.css';

// /admin/v2/event-templates/$templateId/prices: the prices a template's new performances start
// with, a level per zone of its seat map by each price type, and its fees; the price types too.

export function TemplatePricesScreen(props: { view: TemplatePricesView }) {
  const { t } = useTranslation('admin');
  const { view } = props;
  const template = view.Template;
  usePageTitle(t('performances.pricesTitle', { template: template.Name }));
  return (
    <section className="performances" aria-labelledby="template-prices-title">
      <nav className="breadcrumb" aria-label={t('performances.breadcrumb')}>
        <Link
          to="/admin/v2/event-templates/$templateId/performances"
          params={{ templateId: String(template.ID) }}
        >
          {t('performances.title', { template: template.Name })}
        </Link>
      </nav>
      <h1 id="template-prices-title">{t('performances.pricesTitle', { template: template.Name })}</h1>
      <p>{t('performances.pricesIntro')}</p>
      {template.Configuration === null ? (
        <p className="performances__alert" role="alert">
          {t('performances.noSeatMap')}
        </p>
      ) : (
        <>
          <p className="performances__muted">
            {t('performances.seatMapIs', {
              seatMap: template.Configuration.Name,
              venue: template.VenueName ?? '',
            })}
          </p>
          <PricesForm
            // A new price type is a new column: the grid starts again from what is stored.
            key={view.PriceTypes.map((p) => p.ID).join()}
            source={view}
            zones={template.Zones}
            currencyLocale={template.CurrencyLocale}
            currency={template.IsoCurrencyCode}
            save={(body) => saveTemplatePrices(template.ID, body)}
          />
        </>
      )}
      <PriceTypesPanel priceTypes={view.PriceTypes} />
    </section>
  );
}
