import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildNavigation, type Navigation } from './keyboard-nav.ts';
import type { SeatNames } from './seat-details.tsx';
import type { GaLabel } from './seat-map-view.tsx';
import { buildSeatModel } from './seat-model.ts';
import type { InventoryData, PricingData, VenueGeometry } from './seatmap-api.ts';

// What the screen derives from the map's data, each piece computed once per change of what it
// depends on: 20,000 seats make every pass count.

export const useMapModel = (
  svg: VenueGeometry | null,
  inventory: InventoryData | null,
  pricing: PricingData,
) => {
  const { t } = useTranslation();
  const sectionCodes = useMemo(() => (svg?.Sections ?? []).map((s) => s.Code), [svg]);
  const names: SeatNames = useMemo(
    () => ({ sections: new Map((svg?.Sections ?? []).map((s) => [s.Code, s.Name])) }),
    [svg],
  );
  const model = useMemo(
    () => buildSeatModel(svg?.Rows ?? [], inventory ?? { MapSeats: [] }, sectionCodes),
    [svg, inventory, sectionCodes],
  );
  const seats = model.seats;
  const gaSections = useMemo(() => inventory?.MapGASections ?? [], [inventory]);

  // Built on first use (a key on the map, the list opened): not on the way to the first drawing.
  const getNav = useMemo(() => {
    let nav: Navigation | undefined;
    return () => (nav ??= buildNavigation(seats, sectionCodes));
  }, [seats, sectionCodes]);

  // The colours only change when the levels do: a new promo code must not repaint 20,000 seats.
  const colourKey = pricing.PriceLevels.map((l) => `${l.ID}:${l.Color}`).join(',');
  const levelColours = useMemo(
    () => new Map(colourKey.split(',').map((pair) => [Number(pair.split(':')[0]), pair.split(':')[1] ?? ''])),
    [colourKey],
  );

  const gaLabels: GaLabel[] = useMemo(
    () =>
      gaSections.flatMap((ga) => {
        const place = svg?.Sections.find((s) => s.Code === ga.Key);
        if (!place || place.LabelX === null || place.LabelY === null) return [];
        return [
          {
            key: ga.Key,
            name: ga.Name,
            detail:
              ga.MaxAvailable > 0
                ? t('seatmap.ga.left', { count: ga.MaxAvailable })
                : t('seatmap.ga.soldOut'),
            x: place.LabelX,
            y: place.LabelY,
            soldOut: ga.MaxAvailable <= 0,
          },
        ];
      }),
    [gaSections, svg, t],
  );

  // For the legend: what this map has (one pass over the seats).
  const seatKinds = useMemo(() => {
    const levels = new Set<number>();
    const ada = new Set<string>();
    const status = new Set<string>();
    for (const s of seats) {
      levels.add(s.priceLevelId);
      if (s.adaType) ada.add(s.adaType);
      status.add(s.status);
    }
    return { levels, ada, status };
  }, [seats]);
  const levelIds = useMemo(
    () => new Set([...seatKinds.levels, ...gaSections.map((g) => Number(g.PriceKey))]),
    [seatKinds, gaSections],
  );
  const adaTypes = seatKinds.ada;
  const statuses = seatKinds.status;

  return { names, model, seats, gaSections, getNav, levelColours, gaLabels, levelIds, adaTypes, statuses };
};
