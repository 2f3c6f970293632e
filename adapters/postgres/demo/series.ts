// The demo's programme: which series play where and when, relative to `now`, and how well each
// performance has sold. Dates move with the clock; everything else is fixed by the seed.
import { auroraSkyline, novaReyes } from './concerts.ts';
import { comedyNights } from './comedy-nights.ts';
import { hamlet, hamletLastSeason } from './hamlet.ts';
import type { SeriesPlan, Venues } from './schedule.ts';
import { winterCrossing } from './winter-crossing.ts';

export type { EventPlan, HoldPlan, SeriesPlan, VenueKey, Venues } from './schedule.ts';

export const planSeries = (now: Date, venues: Venues): SeriesPlan[] => [
  hamlet(now, venues),
  hamletLastSeason(now, venues),
  winterCrossing(now, venues),
  auroraSkyline(now, venues),
  novaReyes(now, venues),
  comedyNights(now, venues),
];
