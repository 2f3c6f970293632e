import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventTemplateSummary } from '../../../../adapters/http/contract/event-templates.ts';
import { zoneName } from '../../../../core/i18n/time-zone-name.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { matchesFilter } from './template-form.ts';
import './event-templates.css';

// /admin/v2/event-templates: every template with its venue and seat map, how many performances it
// has and their first and last dates on the venue's clock, archived or not, and a warning where
// the English words are incomplete, with links to its performances and default prices. A filter
// box narrows the list as one types.

const dateIn = (instant: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(instant));

function Row({ template }: { template: EventTemplateSummary }) {
  const { t, i18n } = useTranslation('admin');
  const zone = template.Venue?.TimeZone ?? 'UTC';
  const when = (instant: string | null) =>
    instant
      ? t('eventTemplates.dateInZone', { date: dateIn(instant, zone, i18n.language), zone: zoneName(zone) })
      : t('eventTemplates.none');
  return (
    <tr
      className={template.IsArchived ? 'admin-table__inactive' : undefined}
      data-testid="event-template-row"
    >
      <td>
        <Link to="/admin/v2/event-templates/$templateId" params={{ templateId: String(template.ID) }}>
          <code>{template.Code}</code>
        </Link>
      </td>
      <td>
        {template.DisplayName}
        {template.EnglishIncomplete && (
          <span className="event-templates__warning" role="note">
            ⚠ {t('eventTemplates.englishWarning')}
          </span>
        )}
      </td>
      <td>
        {template.Venue ? (
          <>
            {template.Venue.VenueName}
            <br />
            <span className="admin-table__muted">{template.Venue.ConfigurationName}</span>
          </>
        ) : (
          <span className="admin-table__muted">{t('eventTemplates.noVenue')}</span>
        )}
      </td>
      <td>{template.Performances}</td>
      <td>{when(template.FirstShowStartDate)}</td>
      <td>{when(template.LastShowStartDate)}</td>
      <td>{t(template.IsArchived ? 'eventTemplates.status.archived' : 'eventTemplates.status.active')}</td>
      <td>
        <span className="event-templates__links">
          <Link
            to="/admin/v2/event-templates/$templateId/performances"
            params={{ templateId: String(template.ID) }}
            aria-label={t('eventTemplates.performancesOf', { code: template.Code })}
          >
            {t('eventTemplates.performancesLink')}
          </Link>
          <Link
            to="/admin/v2/event-templates/$templateId/prices"
            params={{ templateId: String(template.ID) }}
            aria-label={t('eventTemplates.pricesOf', { code: template.Code })}
          >
            {t('eventTemplates.pricesLink')}
          </Link>
        </span>
      </td>
    </tr>
  );
}

export function TemplateListScreen({ templates }: { templates: readonly EventTemplateSummary[] }) {
  const { t } = useTranslation('admin');
  usePageTitle(t('eventTemplates.title'));
  const [filter, setFilter] = useState('');
  const shown = templates.filter((template) => matchesFilter(template, filter));
  return (
    <section aria-labelledby="event-templates-title">
      <h1 id="event-templates-title">{t('eventTemplates.title')}</h1>
      <p className="page-intro">{t('eventTemplates.intro')}</p>
      <div className="event-templates__toolbar">
        <label className="event-templates__filter">
          <span className="field-label">{t('eventTemplates.filter')}</span>
          <input
            className="text-input"
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            autoFocus
          />
        </label>
        <Link to="/admin/v2/event-templates/new" className="button">
          {t('eventTemplates.new')}
        </Link>
      </div>
      <div className="admin-table-wrap admin-card">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('eventTemplates.col.code')}</th>
              <th scope="col">{t('eventTemplates.col.name')}</th>
              <th scope="col">{t('eventTemplates.col.venue')}</th>
              <th scope="col">{t('eventTemplates.col.performances')}</th>
              <th scope="col">{t('eventTemplates.col.first')}</th>
              <th scope="col">{t('eventTemplates.col.last')}</th>
              <th scope="col">{t('eventTemplates.col.status')}</th>
              <th scope="col">{t('eventTemplates.col.links')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((template) => (
              <Row key={template.ID} template={template} />
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <p className="empty-state">{t('eventTemplates.empty', { filter })}</p>}
      </div>
    </section>
  );
}
