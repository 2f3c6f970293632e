import type { CalendarSeries, Event, SeriesPromotion } from '../../../../adapters/http/contract/catalogue.ts';
import type { SeriesSearch } from './series-search.ts';

/** What every performance on the series screen is shown against. */
export interface PerformanceContext {
  readonly series: CalendarSeries;
  /** The query the buyer came with; links carry it on. */
  readonly search: SeriesSearch;
  /** The promotion in force (a validated code or the outlet sale), or null. */
  readonly promotion: SeriesPromotion | null;
  readonly now: Date;
  readonly showEventInfo: (event: Event) => void;
}
