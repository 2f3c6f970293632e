import { addMinutes, wallClock, type LocalDate } from './calendar.ts';
import type { HoldSubclassName } from './sales-setup.ts';
import type { VenuePlan } from './venue-plan.ts';

// The shapes the programme files (hamlet.ts, winter-crossing.ts, concerts.ts, comedy-nights.ts)
// fill in, and the helpers they share.

export type VenueKey = 'grandTheatre' | 'riversideArena' | 'studio';

export interface HoldPlan {
  readonly subclass: HoldSubclassName;
  readonly seatKeys: readonly string[];
}

export interface EventPlan {
  /** Stable within one `now`: links, packages and tests find events by it. */
  readonly ref: string;
  readonly name: string;
  readonly urlSafeName: string;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly onSaleAt: Date;
  readonly isPresale: boolean;
  readonly useHeavyOnSale: boolean;
  readonly linkedRef: string | null;
  readonly upfrontFeeDisclosure: string | null;
  /** Added to the adult price of every level (Friday and Saturday nights cost more). */
  readonly adultUplift: number;
  /** Share of the seats not on hold that are sold; 1 is a sell-out. */
  readonly soldShare: number;
  readonly gaSoldShare: number;
  readonly holds: readonly HoldPlan[];
}

export interface SeriesPlan {
  readonly code: string;
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  readonly venue: VenueKey;
  readonly pastTemplateCode: string | null;
  readonly futureTemplateCode: string | null;
  readonly soldOutHeader: string;
  readonly soldOutMessage: string;
  readonly adaAgreement: string | null;
  readonly isCalendarView: boolean;
  readonly noBestAvailable: boolean;
  readonly orderTicketLimit: number;
  readonly ticketLimitMessage: string | null;
  readonly maxCompQuantity: number | null;
  readonly secondaryMarketOption: 'None' | 'Resale' | 'TicketExchange';
  /** Adult face value per price zone, minor units. */
  readonly adultPrices: Readonly<Record<string, number>>;
  readonly fees: { readonly facility: number; readonly serviceBp: number; readonly handling: number };
  readonly events: readonly EventPlan[];
}

export type Venues = Readonly<Record<VenueKey, VenuePlan>>;

export const ADA_AGREEMENT =
  'Wheelchair spaces and accessible seats are for guests who need them and their companions. ' +
  'By continuing you confirm that you, or a member of your party, needs this seating. ' +
  'Each companion seat must be booked together with a wheelchair space.';

export const FRIDAY = 5;
export const SATURDAY = 6;
export const SUNDAY = 0;
export const THURSDAY = 4;
export const WEDNESDAY = 3;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export interface Show {
  readonly date: LocalDate;
  readonly time: string;
  readonly minutes: number;
}

export const eventOf = (
  series: { code: string; timeZone: string },
  index: number,
  name: string,
  show: Show,
  rest: Omit<
    EventPlan,
    'ref' | 'name' | 'urlSafeName' | 'startsAt' | 'endsAt' | 'linkedRef' | 'upfrontFeeDisclosure'
  > &
    Partial<Pick<EventPlan, 'linkedRef' | 'upfrontFeeDisclosure'>>,
): EventPlan => {
  const startsAt = wallClock(show.date, show.time, series.timeZone);
  return {
    ref: `${series.code}#${index + 1}`,
    name,
    urlSafeName: slug(name),
    startsAt,
    endsAt: addMinutes(startsAt, show.minutes),
    linkedRef: null,
    upfrontFeeDisclosure: null,
    ...rest,
  };
};

/** Day offsets from..to, both included. */
export const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
