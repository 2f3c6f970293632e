import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TemplatePerformancesView } from '../../../../adapters/http/contract/performances.ts';
import { localDay } from '../../../../core/catalogue/local-time.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AddPerformancesForm } from './add-performances-form.tsx';
import { PerformancesList } from './performances-list.tsx';
import './performances.css';

// /admin/v2/event-templates/$templateId/performances: a template's performances, and the form
// that adds one or a run of them, sellable at once with the template's prices.

export function PerformancesScreen(props: { view: TemplatePerformancesView }) {
  const { t } = useTranslation('admin');
  const router = useRouter();
  const { Template: template, Performances: performances } = props.view;
  usePageTitle(t('performances.title', { template: template.Name }));
  return (
    <section className="performances" aria-labelledby="performances-title">
      <nav className="breadcrumb" aria-label={t('performances.breadcrumb')}>
        <Link to="/admin/v2/event-templates/$templateId" params={{ templateId: String(template.ID) }}>
          ← {t('eventTemplates.backToTemplate', { code: template.Code })}
        </Link>
      </nav>
      <h1 id="performances-title">{t('performances.title', { template: template.Name })}</h1>
      <p>
        {template.VenueName && <>{template.VenueName} · </>}
        <Link to="/admin/v2/event-templates/$templateId/prices" params={{ templateId: String(template.ID) }}>
          {t('performances.setPrices')}
        </Link>
      </p>
      {template.Configuration === null ? (
        <p className="performances__alert" role="alert">
          {t('performances.noSeatMap')}
        </p>
      ) : (
        <AddPerformancesForm
          templateId={template.ID}
          timeZone={template.TimeZone}
          today={localDay(new Date(), template.TimeZone)}
          onAdded={() => router.invalidate()}
        />
      )}
      <h2>{t('performances.listTitle')}</h2>
      <PerformancesList performances={performances} timeZone={template.TimeZone} />
    </section>
  );
}
