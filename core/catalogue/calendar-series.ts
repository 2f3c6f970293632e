import { Effect } from 'effect';
import { NotFound } from '../shared/errors.ts';
import { currentTime } from './current-time.ts';
import { describeEvent, type EventView } from './event.ts';
import { Catalogue } from './ports.ts';
import { seriesDates, type SeriesDates } from './series-dates.ts';
import { listedPromotions, type SeriesPromotionView } from './series-promotions.ts';
import { seriesCurrencyLocale, seriesTimeZone, type SecondaryMarketOption } from './series.ts';

/** A calendar series as the storefront's calendar reads it (with the event template's dates). */
export interface CalendarSeriesView extends SeriesDates {
  readonly ID: number;
  readonly Code: string;
  readonly Name: string;
  readonly Description: string | null;
  readonly ImageUrl: string | null;
  readonly FutureEventTemplateCode: string | null;
  readonly PastEventTemplateCode: string | null;
  readonly IsCalendarView: boolean;
  readonly SoldOutHeader: string | null;
  readonly SoldOutMessage: string | null;
  readonly NoBestAvailable: boolean;
  readonly VenueCurrencyLocale: string;
  readonly ADAAgreement: string | null;
  readonly OrderTicketLimit: number;
  readonly SecondaryMarketOption: SecondaryMarketOption;
  readonly Packages: {
    ID: number;
    Code: string;
    Name: string;
    Description: string | null;
    RequirePackagePurchase: boolean;
    EventIDs: number[];
  }[];
  readonly Promotions: SeriesPromotionView[];
  readonly SelectedEvent: EventView | null;
}

/** The storefront's series calendar: what the series screen needs before its first month. */
export const calendarSeries = (query: {
  readonly code: string;
  readonly selectedEventId?: number;
}): Effect.Effect<CalendarSeriesView, NotFound, Catalogue> =>
  Effect.gen(function* () {
    const catalogue = yield* Catalogue;
    const series = yield* catalogue.series(query.code);
    if (!series) return yield* new NotFound({ entity: 'Series', id: query.code });
    const [ranges, packages, promotions, selected] = yield* Effect.all(
      [
        catalogue.seasonShowRanges(series.id),
        catalogue.packages(series.id),
        catalogue.seriesPromotions(series.id),
        query.selectedEventId === undefined ? Effect.succeed(null) : catalogue.event(query.selectedEventId),
      ],
      { concurrency: 'unbounded' },
    );
    const now = yield* currentTime;
    const timeZone = seriesTimeZone(series);
    return {
      ID: series.id,
      Code: series.code,
      Name: series.name,
      Description: series.description,
      ImageUrl: series.imageUrl,
      ...seriesDates(series.id, ranges, timeZone),
      FutureEventTemplateCode: series.futureTemplateCode,
      PastEventTemplateCode: series.pastTemplateCode,
      IsCalendarView: series.isCalendarView,
      SoldOutHeader: series.soldOutHeader,
      SoldOutMessage: series.soldOutMessage,
      NoBestAvailable: series.noBestAvailable,
      VenueCurrencyLocale: seriesCurrencyLocale(series),
      ADAAgreement: series.adaAgreement,
      OrderTicketLimit: series.orderTicketLimit,
      SecondaryMarketOption: series.secondaryMarketOption,
      Packages: packages.map((p) => ({
        ID: p.id,
        Code: p.code,
        Name: p.name,
        Description: p.description,
        RequirePackagePurchase: p.requirePackagePurchase,
        EventIDs: [...p.eventIds],
      })),
      Promotions: listedPromotions(promotions, series.id, now, timeZone),
      // Only an event of this series, and not a cancelled one, can be preselected.
      SelectedEvent:
        selected && selected.series.id === series.id && !selected.isCancelled
          ? describeEvent(selected, now)
          : null,
    };
  });
