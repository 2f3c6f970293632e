import type { CalendarSeries, Event } from '../../../../adapters/http/contract/catalogue.ts';

export interface SecondaryMarketInput {
  readonly option: CalendarSeries['SecondaryMarketOption'] | null | undefined;
  /** The buyer is in best-available selection (the series screen never is). */
  readonly bestAvailable: boolean;
  readonly event: Pick<Event, 'UseHeavyOnSale' | 'Availability' | 'SecondaryMarketEventId'>;
}

/**
 * The secondary-market banner shows only when a secondary-market option is
 * enabled and not None, best-available is off, heavy-on-sale is off and availability is Low; the
 * third-party ticket-exchange option also needs a secondary-market event id.
 */
export const showsSecondaryMarketBanner = ({
  option,
  bestAvailable,
  event,
}: SecondaryMarketInput): boolean => {
  if (!option || option === 'None') return false;
  if (bestAvailable || event.UseHeavyOnSale || event.Availability !== 'Low') return false;
  if (option === 'TicketExchange') return Boolean(event.SecondaryMarketEventId?.trim());
  return true;
};
