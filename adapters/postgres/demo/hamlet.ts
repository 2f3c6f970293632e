import { addDays, localDateOf, wallClock, weekday } from './calendar.ts';
import { randomFor } from './prng.ts';
import {
  ADA_AGREEMENT,
  FRIDAY,
  SATURDAY,
  SUNDAY,
  WEDNESDAY,
  days,
  eventOf,
  type HoldPlan,
  type SeriesPlan,
  type Show,
  type Venues,
} from './schedule.ts';
import { middleOfRow } from './venue-plan.ts';

// The Grand Theatre's play: this season nightly, last season's run in the past.

/** What both seasons of Hamlet share. */
const HAMLET_TEMPLATE = {
  name: 'Hamlet',
  displayName: 'Hamlet',
  description:
    'Shakespeare’s tragedy of the prince who cannot make up his mind, in a new production on the Grand Theatre’s main stage. Running time about 2 hours 55 minutes, including one interval.',
  venue: 'grandTheatre',
  soldOutHeader: 'This performance is sold out',
  soldOutMessage:
    'Returns are sometimes released on the day: check back, or call the box office on (212) 555-0142.',
  adaAgreement: ADA_AGREEMENT,
  isCalendarView: true,
  noBestAvailable: false,
  orderTicketLimit: 12,
  ticketLimitMessage:
    'You can buy up to 12 tickets per performance. For larger parties, contact group sales.',
  maxCompQuantity: 4,
  fees: { facility: 200, serviceBp: 500, handling: 250 },
} as const;

/** Nightly at 19:30 for the next 90 days, with 14:30 matinees at weekends. */
export const hamlet = (now: Date, venues: Venues): SeriesPlan => {
  const theatre = venues.grandTheatre;
  const timeZone = theatre.venue.timeZone;
  const today = localDateOf(now, timeZone);
  const random = randomFor('HAMLET');
  const shows = days(1, 90).flatMap((d): (Show & { d: number })[] => {
    const date = addDays(today, d);
    const matinee = [SATURDAY, SUNDAY].includes(weekday(date))
      ? [{ d, date, time: '14:30', minutes: 175 }]
      : [];
    return [...matinee, { d, date, time: '19:30', minutes: 175 }];
  });
  const houseSeats = middleOfRow(theatre, 'STALLS', 'G', 6);
  const pressSeats = middleOfRow(theatre, 'STALLS', 'H', 10);
  const groupSeats = [...middleOfRow(theatre, 'DRESS', 'J', 10), ...middleOfRow(theatre, 'DRESS', 'K', 10)];
  const onSaleAt = wallClock(addDays(today, -45), '10:00', timeZone);
  return {
    ...HAMLET_TEMPLATE,
    code: 'HAMLET',
    pastTemplateCode: 'HAMLET-PREV',
    futureTemplateCode: null,
    secondaryMarketOption: 'Resale',
    adultPrices: { A: 8500, B: 6500, C: 4500, D: 2500 },
    events: shows.map((show, i) => {
      const day = weekday(show.date);
      const weekend =
        show.time === '14:30' || (show.time === '19:30' && (day === FRIDAY || day === SATURDAY));
      // Near, weekend performances are almost gone; later ones are wide open.
      const soldShare =
        show.d <= 14
          ? weekend
            ? random.between(0.92, 0.97)
            : random.between(0.55, 0.8)
          : show.d <= 45
            ? weekend
              ? random.between(0.45, 0.75)
              : random.between(0.15, 0.45)
            : random.between(0.02, 0.2);
      const holds: HoldPlan[] = [{ subclass: 'House Seats', seatKeys: houseSeats }];
      if (i < 2) holds.push({ subclass: 'Press', seatKeys: pressSeats });
      if (day === WEDNESDAY && show.time === '19:30' && show.d <= 35)
        holds.push({ subclass: 'Group Allocation', seatKeys: groupSeats });
      return eventOf({ code: 'HAMLET', timeZone }, i, 'Hamlet', show, {
        onSaleAt,
        isPresale: false,
        useHeavyOnSale: false,
        adultUplift: show.time === '19:30' && (day === FRIDAY || day === SATURDAY) ? 1000 : 0,
        soldShare,
        gaSoldShare: 0,
        holds,
      });
    }),
  };
};

/** Last season's run: past performances, linked from the current season (past/future codes). */
export const hamletLastSeason = (now: Date, venues: Venues): SeriesPlan => {
  const timeZone = venues.grandTheatre.venue.timeZone;
  const today = localDateOf(now, timeZone);
  const random = randomFor('HAMLET-PREV');
  const dates = days(-91, -7)
    .map((d) => addDays(today, d))
    .filter((date) => [FRIDAY, SATURDAY].includes(weekday(date)));
  return {
    ...HAMLET_TEMPLATE,
    code: 'HAMLET-PREV',
    name: 'Hamlet (previous season)',
    displayName: 'Hamlet: the previous season',
    description: 'The first run of the Grand Theatre’s Hamlet, Friday and Saturday evenings.',
    pastTemplateCode: null,
    futureTemplateCode: 'HAMLET',
    secondaryMarketOption: 'None',
    adultPrices: { A: 7900, B: 5900, C: 3900, D: 2200 },
    events: dates.map((date, i) =>
      eventOf(
        { code: 'HAMLET-PREV', timeZone },
        i,
        'Hamlet',
        { date, time: '19:30', minutes: 175 },
        {
          onSaleAt: wallClock(addDays(today, -180), '10:00', timeZone),
          isPresale: false,
          useHeavyOnSale: false,
          adultUplift: 0,
          soldShare: random.between(0.85, 1),
          gaSoldShare: 0,
          holds: [],
        },
      ),
    ),
  };
};
