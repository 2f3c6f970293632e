import { addDays, localDateOf, wallClock } from './calendar.ts';
import { ADA_AGREEMENT, eventOf, type SeriesPlan, type Venues } from './schedule.ts';
import { middleOfRow } from './venue-plan.ts';

// Riverside Arena's two tours: the heavy on-sale one and the presale-only one.

const ARENA_FEES = { facility: 250, serviceBp: 750, handling: 195 };
// UK rules want fees shown with the price, not sprung at checkout.
const ARENA_FEE_DISCLOSURE =
  'A £2.50 facility fee and a 7.5% service fee apply to each ticket, plus a £1.95 handling fee per order.';

/** A heavy on-sale tour stop: one night sold out, one nearly, one selling, one not yet on sale. */
export const auroraSkyline = (now: Date, venues: Venues): SeriesPlan => {
  const arena = venues.riversideArena;
  const timeZone = arena.venue.timeZone;
  const today = localDateOf(now, timeZone);
  const cameraPlatform = [...middleOfRow(arena, '111', 'A', 7), ...middleOfRow(arena, '111', 'B', 7)];
  const onSale = wallClock(addDays(today, -21), '10:00', timeZone);
  const nights = [
    { d: 30, soldShare: 1, gaSoldShare: 1, onSaleAt: onSale }, // the sold-out night
    { d: 31, soldShare: 0.94, gaSoldShare: 0.97, onSaleAt: onSale },
    { d: 45, soldShare: 0.7, gaSoldShare: 0.75, onSaleAt: onSale },
    { d: 58, soldShare: 0, gaSoldShare: 0, onSaleAt: wallClock(addDays(today, 3), '10:00', timeZone) },
  ];
  return {
    code: 'AURORA',
    name: 'Aurora Skyline',
    displayName: 'Aurora Skyline: The Northern Lights Tour',
    description: 'Aurora Skyline bring the Northern Lights Tour to Riverside Arena, in the round.',
    venue: 'riversideArena',
    pastTemplateCode: null,
    futureTemplateCode: null,
    soldOutHeader: 'Sold out',
    soldOutMessage: 'Tonight is sold out. Fan-to-fan resale opens two weeks before the show.',
    adaAgreement: ADA_AGREEMENT,
    isCalendarView: false,
    noBestAvailable: false,
    orderTicketLimit: 6,
    ticketLimitMessage: 'Tickets for this tour are limited to 6 per household.',
    maxCompQuantity: null,
    secondaryMarketOption: 'Resale',
    adultPrices: { GA: 6500, A: 9500, B: 7500, C: 5500, D: 3950 },
    fees: ARENA_FEES,
    events: nights.map((night, i) =>
      eventOf(
        { code: 'AURORA', timeZone },
        i,
        'Aurora Skyline: The Northern Lights Tour',
        { date: addDays(today, night.d), time: '19:30', minutes: 150 },
        {
          onSaleAt: night.onSaleAt,
          isPresale: false,
          useHeavyOnSale: true,
          upfrontFeeDisclosure: ARENA_FEE_DISCLOSURE,
          adultUplift: 0,
          soldShare: night.soldShare,
          gaSoldShare: night.gaSoldShare,
          // The camera platform is killed on every night that still has seats to sell.
          holds: night.soldShare < 1 ? [{ subclass: 'Kill', seatKeys: cameraPlatform }] : [],
        },
      ),
    ),
  };
};

/** Presale only: general sale opens in 10 days; until then only the EARLYBIRD code sells. */
export const novaReyes = (now: Date, venues: Venues): SeriesPlan => {
  const timeZone = venues.riversideArena.venue.timeZone;
  const today = localDateOf(now, timeZone);
  return {
    code: 'NOVA',
    name: 'Nova Reyes',
    displayName: 'Nova Reyes: First Light',
    description:
      'Nova Reyes plays two nights at Riverside Arena. Fan club presale now on with code EARLYBIRD.',
    venue: 'riversideArena',
    pastTemplateCode: null,
    futureTemplateCode: null,
    soldOutHeader: 'Sold out',
    soldOutMessage: 'Both nights are sold out.',
    adaAgreement: ADA_AGREEMENT,
    isCalendarView: false,
    noBestAvailable: false,
    orderTicketLimit: 4,
    ticketLimitMessage: 'Presale tickets are limited to 4 per fan club member.',
    maxCompQuantity: null,
    secondaryMarketOption: 'None',
    adultPrices: { GA: 4500, A: 6500, B: 5000, C: 4000, D: 2950 },
    fees: ARENA_FEES,
    events: [75, 76].map((d, i) =>
      eventOf(
        { code: 'NOVA', timeZone },
        i,
        'Nova Reyes: First Light',
        { date: addDays(today, d), time: '19:30', minutes: 140 },
        {
          onSaleAt: wallClock(addDays(today, 10), '10:00', timeZone),
          isPresale: true,
          useHeavyOnSale: false,
          upfrontFeeDisclosure: ARENA_FEE_DISCLOSURE,
          adultUplift: 0,
          soldShare: 0.04,
          gaSoldShare: 0.06,
          holds: [],
        },
      ),
    ),
  };
};
