import { addDays, localDateOf, wallClock, weekday } from './calendar.ts';
import { ADA_AGREEMENT, SATURDAY, eventOf, type SeriesPlan, type Venues } from './schedule.ts';

/** A two-part play: Part One on a Saturday, Part Two the next day, each linked to the other. */
export const winterCrossing = (now: Date, venues: Venues): SeriesPlan => {
  const timeZone = venues.grandTheatre.venue.timeZone;
  const today = localDateOf(now, timeZone);
  // After Hamlet's 90-day run closes: the first Saturday at least 92 days out.
  let saturday = addDays(today, 92);
  while (weekday(saturday) !== SATURDAY) saturday = addDays(saturday, 1);
  const series = { code: 'WINTER', timeZone };
  const rest = {
    onSaleAt: wallClock(addDays(today, -10), '10:00', timeZone),
    isPresale: false,
    useHeavyOnSale: false,
    adultUplift: 0,
    gaSoldShare: 0,
    holds: [],
  };
  return {
    code: 'WINTER',
    name: 'The Winter Crossing',
    displayName: 'The Winter Crossing: Parts One and Two',
    description:
      'An epic in two parts, played on consecutive days. Book both parts together with the two-show pass.',
    venue: 'grandTheatre',
    pastTemplateCode: null,
    futureTemplateCode: null,
    soldOutHeader: 'Sold out',
    soldOutMessage: 'Both parts are sold out. Join the waiting list at the box office.',
    adaAgreement: ADA_AGREEMENT,
    isCalendarView: false,
    noBestAvailable: false,
    orderTicketLimit: 8,
    ticketLimitMessage: null,
    maxCompQuantity: 2,
    secondaryMarketOption: 'None',
    adultPrices: { A: 7500, B: 5500, C: 3500, D: 2000 },
    fees: { facility: 200, serviceBp: 500, handling: 250 },
    events: [
      eventOf(
        series,
        0,
        'The Winter Crossing: Part One',
        { date: saturday, time: '19:00', minutes: 190 },
        {
          ...rest,
          linkedRef: 'WINTER#2',
          soldShare: 0.35,
        },
      ),
      eventOf(
        series,
        1,
        'The Winter Crossing: Part Two',
        { date: addDays(saturday, 1), time: '15:00', minutes: 185 },
        {
          ...rest,
          linkedRef: 'WINTER#1',
          soldShare: 0.3,
        },
      ),
    ],
  };
};
