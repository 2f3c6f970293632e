import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapSeatRow, MapSection, MapZone } from '../../../../adapters/http/contract/venues.ts';
import { PlanSeatMap, type PlanSeat, type PlanStanding } from '../seatmap/plan-seat-map.tsx';

// A seat map on the venue screens, drawn as the storefront draws it (seatmap/plan-seat-map.tsx),
// with its price zones' colours beside it: an import's preview and a stored configuration's page.

export function VenueMap(props: {
  readonly seats: readonly MapSeatRow[];
  readonly sections: readonly MapSection[];
  readonly zones: readonly MapZone[];
  readonly planUrl: string;
  readonly width: number;
  readonly height: number;
  readonly label: string;
}) {
  const { t } = useTranslation('admin');
  const seats = useMemo<PlanSeat[]>(
    () =>
      props.seats.map((s) => ({
        key: s.Key,
        section: s.Section,
        row: s.Row,
        number: s.Number,
        x: s.X,
        y: s.Y,
        zone: s.Zone,
        accessible: s.Accessible,
      })),
    [props.seats],
  );
  const zones = useMemo(() => props.zones.map((z) => ({ name: z.Name, color: z.Color })), [props.zones]);
  const standing = useMemo<PlanStanding[]>(
    () =>
      props.sections.flatMap((s) =>
        s.Capacity !== null && s.LabelX !== null && s.LabelY !== null
          ? [
              {
                code: s.Code,
                name: s.Name,
                detail: t('venues.places', { count: s.Capacity }),
                x: s.LabelX,
                y: s.LabelY,
              },
            ]
          : [],
      ),
    [props.sections, t],
  );
  return (
    <div className="venues__map-block">
      <ul className="venues__zones" aria-label={t('venues.priceZones')}>
        {props.zones.map((z) => (
          <li key={z.Name}>
            <span className="venues__swatch" style={{ background: z.Color }} aria-hidden="true" />
            {z.Name}
          </li>
        ))}
      </ul>
      <div className="venues__map">
        <PlanSeatMap
          seats={seats}
          zones={zones}
          standing={standing}
          planUrl={props.planUrl}
          width={props.width}
          height={props.height}
          label={props.label}
        />
      </div>
    </div>
  );
}
