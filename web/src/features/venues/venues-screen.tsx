import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueRow } from '../../../../adapters/http/contract/venues.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { timeZoneInWords } from './time-zone-words.ts';
import { currencyInWords } from './venue-words.ts';
import './venues.css';

// /admin/v2/venues: every venue (its address, time zone in words, currency) with its seat maps
// (venue configurations): seats, standing places, sections and the performances on each.

function ConfigurationTable(props: { venue: VenueRow }) {
  const { t } = useTranslation('admin');
  const captionId = useId();
  const { venue } = props;
  if (venue.Configurations.length === 0)
    return <p className="venues__none">{t('venues.noConfigurations')}</p>;
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table" data-testid={`venue-configurations-${venue.ID}`}>
        <caption id={captionId} className="visually-hidden">
          {t('venues.configurationsOf', { venue: venue.DisplayName })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('venues.seatMap')}</th>
            <th scope="col">{t('venues.seats')}</th>
            <th scope="col">{t('venues.standingPlaces')}</th>
            <th scope="col">{t('venues.sections')}</th>
            <th scope="col">{t('venues.performances')}</th>
          </tr>
        </thead>
        <tbody>
          {venue.Configurations.map((c) => (
            <tr key={c.ID}>
              <th scope="row">
                <Link
                  to="/admin/v2/venues/$venueId/configurations/$configurationId"
                  params={{ venueId: String(venue.ID), configurationId: String(c.ID) }}
                >
                  {c.Name}
                </Link>
              </th>
              <td>{c.Seats.toLocaleString()}</td>
              <td>{c.StandingPlaces.toLocaleString()}</td>
              <td>{c.Sections}</td>
              <td>
                {c.Performances === 0
                  ? t('venues.noPerformances')
                  : t('venues.performancesWithSales', {
                      count: c.Performances,
                      sold: c.PerformancesWithSales,
                    })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function VenuesScreen(props: { venues: readonly VenueRow[] }) {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('venues.title'));
  return (
    <section className="venues" aria-labelledby="venues-title">
      <div className="venues__heading">
        <h1 id="venues-title">{t('venues.title')}</h1>
        <Link to="/admin/v2/venues/import" className="button" data-testid="import-seat-map">
          {t('venues.importSeatMap')}
        </Link>
      </div>
      <p>{t('venues.intro')}</p>
      {props.venues.length === 0 && <p className="empty-state">{t('venues.none')}</p>}
      {props.venues.map((venue) => (
        <article key={venue.ID} className="admin-card venues__venue" aria-labelledby={`venue-${venue.ID}`}>
          <div className="venues__heading">
            <h2 id={`venue-${venue.ID}`}>{venue.DisplayName}</h2>
            <div className="venues__actions">
              <Link
                to="/admin/v2/venues/$venueId"
                params={{ venueId: String(venue.ID) }}
                className="button button--secondary button--small"
                aria-label={t('venues.editVenueNamed', { venue: venue.DisplayName })}
              >
                {t('venues.editVenue')}
              </Link>
              <Link
                to="/admin/v2/venues/import"
                search={{ venueId: venue.ID }}
                className="button button--secondary button--small"
                aria-label={t('venues.addSeatMapTo', { venue: venue.DisplayName })}
              >
                {t('venues.addSeatMap')}
              </Link>
            </div>
          </div>
          <dl className="venues__facts">
            <div>
              <dt>{t('venues.address')}</dt>
              <dd>{venue.Address ?? <span className="admin-table__muted">{t('venues.noAddress')}</span>}</dd>
            </div>
            <div>
              <dt>{t('venues.timeZone')}</dt>
              <dd>
                {timeZoneInWords(venue.TimeZone, i18n.language)}{' '}
                <small className="venues__iana">{venue.TimeZone}</small>
              </dd>
            </div>
            <div>
              <dt>{t('venues.currency')}</dt>
              <dd>{currencyInWords(venue.IsoCurrencyCode, venue.Country, i18n.language)}</dd>
            </div>
          </dl>
          <ConfigurationTable venue={venue} />
        </article>
      ))}
    </section>
  );
}
