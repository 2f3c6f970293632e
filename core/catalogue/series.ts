import type { Venue } from './event.ts';

// A series (event template): the shows sold together under one code (a calendar series), with
// the settings its calendar and seat selection read.

export type SecondaryMarketOption = 'None' | 'Resale' | 'TicketExchange';

export interface SeriesRecord {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly imageUrl: string | null;
  readonly futureTemplateCode: string | null;
  readonly pastTemplateCode: string | null;
  readonly isCalendarView: boolean;
  readonly soldOutHeader: string | null;
  readonly soldOutMessage: string | null;
  readonly noBestAvailable: boolean;
  readonly adaAgreement: string | null;
  readonly orderTicketLimit: number;
  readonly secondaryMarketOption: SecondaryMarketOption;
  readonly isArchived: boolean;
  /** The series' venue, or the venue of its first show when the template names none. */
  readonly venue: Venue | null;
}

export interface SeriesPackage {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly requirePackagePurchase: boolean;
  readonly eventIds: readonly number[];
}

/** A series without a venue (no shows yet) reads its dates in UTC and prices in en-us. */
export const seriesTimeZone = (series: SeriesRecord): string => series.venue?.timeZone ?? 'UTC';
export const seriesCurrencyLocale = (series: SeriesRecord): string => series.venue?.currencyLocale ?? 'en-us';
