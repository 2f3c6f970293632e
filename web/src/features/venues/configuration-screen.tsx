import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigurationView } from '../../../../adapters/http/contract/venues.ts';
import { isApiError } from '../../api/api-error.ts';
import { venueClock } from '../../i18n/venue-time.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { timeZoneInWords } from './time-zone-words.ts';
import { VenueMap } from './venue-map.tsx';
import { renameConfiguration } from './venues-api.ts';
import './venues.css';

// /admin/v2/venues/$venueId/configurations/$configurationId: a stored seat map drawn as the
// storefront draws it (its seats over /svg/download/{id}), its sections, price zones and the
// performances on it, and its name to change. Its seats are never edited one by one
// (core/venues/README.md: a sold seat is never lost); a new layout is a new import.

export function ConfigurationScreen(props: { configuration: ConfigurationView; imported: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const [configuration, setConfiguration] = useState(props.configuration);
  usePageTitle(configuration.Name);
  const id = useId();
  const [name, setName] = useState(configuration.Name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const c = configuration;
  const zone = c.Venue.TimeZone;

  const onRename = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (name.trim() === '') {
      setNameError(t('venues.nameRequired'));
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const renamed = await renameConfiguration(c.ID, name);
      setConfiguration(renamed);
      setName(renamed.Name);
      setNameError(null);
      setSaved(true);
    } catch (error) {
      setNameError((isApiError(error) ? error.serverMessage : undefined) ?? t('venues.saveFailed'));
      document.getElementById(`${id}-name`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="venues" aria-labelledby={`${id}-title`}>
      <nav className="breadcrumb" aria-label={t('venues.breadcrumb')}>
        <Link to="/admin/v2/venues">{t('venues.title')}</Link> ›{' '}
        <Link to="/admin/v2/venues/$venueId" params={{ venueId: String(c.Venue.ID) }}>
          {c.Venue.DisplayName}
        </Link>
      </nav>
      <h1 id={`${id}-title`} data-testid="configuration-title">
        {c.Name}
      </h1>
      {props.imported && (
        <p className="venues__done" role="status">
          {t('venues.imported')}
        </p>
      )}
      <p className="notice">{t('venues.neverEditedSeatBySeat')}</p>

      <form className="venues__rename admin-card" onSubmit={(e) => void onRename(e)} noValidate>
        <label htmlFor={`${id}-name`} className="venues__field">
          {t('venues.seatMapName')}
          <input
            id={`${id}-name`}
            className="text-input"
            value={name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setSaved(false);
            }}
          />
        </label>
        <button type="submit" className="button button--secondary" disabled={busy || name === c.Name}>
          {t('venues.rename')}
        </button>
        {nameError && (
          <span id={`${id}-name-error`} className="field-error">
            {nameError}
          </span>
        )}
        {saved && <span role="status">{t('venues.renamed')}</span>}
      </form>

      <ul className="venues__summary">
        <li>{t('venues.seatCount', { count: c.Seats.length })}</li>
        <li>{t('venues.placesCount', { count: c.Sections.reduce((n, s) => n + (s.Capacity ?? 0), 0) })}</li>
        <li>{t('venues.sectionCount', { count: c.Sections.length })}</li>
      </ul>
      <VenueMap
        seats={c.Seats}
        sections={c.Sections}
        zones={c.Zones}
        planUrl={`/svg/download/${c.ID}`}
        width={c.Width}
        height={c.Height}
        label={t('venues.storedMapLabel', { name: c.Name })}
      />

      <h2>{t('venues.sections')}</h2>
      <div className="admin-table-wrap" role="region" aria-labelledby={`${id}-sections`} tabIndex={0}>
        <table className="admin-table" data-testid="configuration-sections">
          <caption id={`${id}-sections`} className="visually-hidden">
            {t('venues.sections')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('venues.section')}</th>
              <th scope="col">{t('venues.kind')}</th>
              <th scope="col">{t('venues.seatsOrPlaces')}</th>
            </tr>
          </thead>
          <tbody>
            {c.Sections.map((s) => (
              <tr key={s.Code}>
                <th scope="row">
                  {s.Name} <small className="venues__iana">{s.Code}</small>
                </th>
                <td>{s.Capacity === null ? t('venues.seated') : t('venues.standing')}</td>
                <td>
                  {s.Capacity === null
                    ? t('venues.seatCount', { count: s.Seats })
                    : t('venues.places', { count: s.Capacity })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{t('venues.priceZones')}</h2>
      <p className="field-hint">{t('venues.priceZonesHint')}</p>
      <div className="admin-table-wrap" role="region" aria-labelledby={`${id}-zones`} tabIndex={0}>
        <table className="admin-table">
          <caption id={`${id}-zones`} className="visually-hidden">
            {t('venues.priceZones')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('venues.priceZone')}</th>
              <th scope="col">{t('venues.seats')}</th>
              <th scope="col">{t('venues.standingPlaces')}</th>
            </tr>
          </thead>
          <tbody>
            {c.Zones.map((z) => (
              <tr key={z.Name}>
                <th scope="row">
                  <span className="venues__swatch" style={{ background: z.Color }} aria-hidden="true" />{' '}
                  {z.Name}
                </th>
                <td>{z.Seats.toLocaleString()}</td>
                <td>{z.Places.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{t('venues.performances')}</h2>
      {c.Performances.length === 0 ? (
        <p className="venues__none">{t('venues.noPerformancesOnMap')}</p>
      ) : (
        <>
          <p className="field-hint">
            {t('venues.timesIn', { zone: timeZoneInWords(zone, i18n.language) })}{' '}
            <small className="venues__iana">{zone}</small>
          </p>
          <div className="admin-table-wrap" role="region" aria-labelledby={`${id}-performances`} tabIndex={0}>
            <table className="admin-table" data-testid="configuration-performances">
              <caption id={`${id}-performances`} className="visually-hidden">
                {t('venues.performances')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('venues.performance')}</th>
                  <th scope="col">{t('venues.startsAt')}</th>
                  <th scope="col">{t('venues.ticketsSold')}</th>
                </tr>
              </thead>
              <tbody>
                {c.Performances.map((p) => (
                  <tr key={p.ID} className={p.Cancelled ? 'admin-table__inactive' : undefined}>
                    <th scope="row">
                      {p.Name}
                      {p.Cancelled && <> · {t('venues.cancelled')}</>}
                    </th>
                    <td>{venueClock(p.StartsAt, zone, i18n.language)}</td>
                    <td>{p.TicketsSold.toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
