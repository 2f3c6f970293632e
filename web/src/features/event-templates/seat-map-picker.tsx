import { useTranslation } from 'react-i18next';
import type { VenueConfigurationChoices } from '../../../../adapters/http/contract/event-templates.ts';

// The seat map new performances are put on, chosen by venue and then by the seat map's name.
// Changing it on a template that has one says, before saving, that performances already created
// keep theirs (adapters/postgres/event-templates/template-writes.ts never touches them).

export function SeatMapPicker(props: {
  choices: VenueConfigurationChoices;
  venueId: string;
  configurationId: string;
  /** The seat map the template had when loaded (null: a new template or none). */
  loadedConfigurationId: number | null;
  error: string | null;
  onChange: (venueId: string, configurationId: string) => void;
}) {
  const { t } = useTranslation('admin');
  const venue = props.choices.find((v) => String(v.VenueId) === props.venueId);
  const chosen = venue?.Configurations.find((c) => String(c.ID) === props.configurationId);
  const changing =
    props.loadedConfigurationId !== null && chosen !== undefined && chosen.ID !== props.loadedConfigurationId;
  return (
    <fieldset>
      <legend>{t('eventTemplates.section.venue')}</legend>
      <div className="admin-form-grid">
        <div className="event-templates__field">
          <label className="field-label" htmlFor="et-venue">
            {t('eventTemplates.venue')}
          </label>
          <select
            id="et-venue"
            className="text-input"
            value={props.venueId}
            onChange={(e) => {
              const next = props.choices.find((v) => String(v.VenueId) === e.target.value);
              const only = next?.Configurations.length === 1 ? String(next.Configurations[0]!.ID) : '';
              props.onChange(e.target.value, only);
            }}
          >
            <option value="">{t('eventTemplates.chooseVenue')}</option>
            {props.choices.map((v) => (
              <option key={v.VenueId} value={v.VenueId}>
                {v.VenueName}
              </option>
            ))}
          </select>
        </div>
        <div className="event-templates__field">
          <label className="field-label" htmlFor="et-configurationId">
            {t('eventTemplates.seatMap')}
          </label>
          <select
            id="et-configurationId"
            className="text-input"
            value={props.configurationId}
            disabled={!venue}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={
              props.error ? 'et-configurationId-error' : changing ? 'et-configuration-change' : undefined
            }
            onChange={(e) => props.onChange(props.venueId, e.target.value)}
          >
            <option value="">{t('eventTemplates.chooseSeatMap')}</option>
            {venue?.Configurations.map((c) => (
              <option key={c.ID} value={c.ID}>
                {c.Name}
              </option>
            ))}
          </select>
          {props.error && (
            <p className="field-error" id="et-configurationId-error">
              {props.error}
            </p>
          )}
        </div>
      </div>
      {changing && (
        <p className="notice" id="et-configuration-change" role="status" data-testid="configuration-change">
          {t('eventTemplates.configurationChange', { seatMap: `${venue!.VenueName}: ${chosen.Name}` })}
        </p>
      )}
    </fieldset>
  );
}
