import type { GridProblem } from './price-grid.ts';

// A performance's times: when it starts and ends, and when tickets go on and come off sale. The
// storefront sells from on-sale to off-sale (or the start); the counter sells until the start.

export interface Schedule {
  readonly startsAt: Date;
  readonly endsAt: Date | null;
  readonly onSaleAt: Date;
  readonly offSaleAt: Date | null;
}

/** Null when the times make sense together, else the first field that does not. */
export const checkSchedule = (s: Schedule): GridProblem | null => {
  if (s.endsAt !== null && s.endsAt.getTime() <= s.startsAt.getTime())
    return { field: 'EndsAt', reason: 'the end must be after the start' };
  if (s.onSaleAt.getTime() >= s.startsAt.getTime())
    return { field: 'OnSaleAt', reason: 'tickets must go on sale before the performance starts' };
  if (s.offSaleAt !== null && s.offSaleAt.getTime() <= s.onSaleAt.getTime())
    return { field: 'OffSaleAt', reason: 'sales must stop after they open' };
  return null;
};

/** A run's schedule for one start: the length and the minutes before the start sales stop. */
export const scheduleFor = (
  startsAt: Date,
  run: {
    readonly onSaleAt: Date;
    readonly durationMinutes: number | null;
    readonly offSaleMinutesBefore: number | null;
  },
): Schedule => ({
  startsAt,
  endsAt: run.durationMinutes === null ? null : new Date(startsAt.getTime() + run.durationMinutes * 60_000),
  onSaleAt: run.onSaleAt,
  offSaleAt:
    run.offSaleMinutesBefore === null
      ? null
      : new Date(startsAt.getTime() - run.offSaleMinutesBefore * 60_000),
});
