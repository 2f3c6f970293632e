import { addDays, localDateOf, wallClock, weekday } from './calendar.ts';
import { randomFor } from './prng.ts';
import { FRIDAY, SATURDAY, THURSDAY, days, eventOf, type SeriesPlan, type Venues } from './schedule.ts';

/** Thursday to Saturday at 20:00 for eight weeks, standing only; the second Saturday is sold out. */
export const comedyNights = (now: Date, venues: Venues): SeriesPlan => {
  const timeZone = venues.studio.venue.timeZone;
  const today = localDateOf(now, timeZone);
  const random = randomFor('COMEDY');
  const dates = days(1, 56)
    .map((d) => addDays(today, d))
    .filter((date) => [THURSDAY, FRIDAY, SATURDAY].includes(weekday(date)));
  const soldOutDate = dates.filter((date) => weekday(date) === SATURDAY)[1];
  return {
    code: 'COMEDY',
    name: 'Comedy Nights',
    displayName: 'Comedy Nights at the Studio',
    description: 'Four stand-ups a night, hosted by a different MC each week. Standing; the bar is open.',
    venue: 'studio',
    pastTemplateCode: null,
    futureTemplateCode: null,
    soldOutHeader: 'Sold out tonight',
    soldOutMessage: 'Try another night: Thursdays usually have room.',
    adaAgreement: null,
    isCalendarView: true,
    noBestAvailable: true, // nothing to choose: standing only
    orderTicketLimit: 8,
    ticketLimitMessage: null,
    maxCompQuantity: 2,
    secondaryMarketOption: 'None',
    adultPrices: { GA: 2500 },
    fees: { facility: 150, serviceBp: 500, handling: 200 },
    events: dates.map((date, i) => {
      const share = date === soldOutDate ? 1 : random.between(0.2, 0.9);
      return eventOf(
        { code: 'COMEDY', timeZone },
        i,
        'Comedy Nights',
        { date, time: '20:00', minutes: 100 },
        {
          onSaleAt: wallClock(addDays(today, -30), '10:00', timeZone),
          isPresale: false,
          useHeavyOnSale: false,
          adultUplift: [FRIDAY, SATURDAY].includes(weekday(date)) ? 500 : 0,
          soldShare: share,
          gaSoldShare: share,
          holds: [],
        },
      );
    }),
  };
};
