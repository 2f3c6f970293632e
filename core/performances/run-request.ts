import { isLocalDate, isLocalTime } from './local-instant.ts';
import { MAX_RUN_DAYS, runLength, type RunSlot } from './run-expansion.ts';

// A run as staff ask for it, checked before anything is expanded: real dates, the last not
// before the first, at most a year, a time for each chosen day, and sensible lengths.

export interface RunRequest {
  readonly from: string;
  readonly to: string;
  readonly slots: readonly RunSlot[];
  /** 'now', or 'YYYY-MM-DDTHH:mm' on the venue's clock. */
  readonly onSale: string;
  readonly durationMinutes: number | null;
  readonly offSaleMinutesBefore: number | null;
  readonly isPresale: boolean;
}

export interface RunProblem {
  readonly field: string;
  readonly reason: string;
}

/** Null when the run can be expanded, else the first field that is wrong. */
export const checkRunRequest = (run: RunRequest): RunProblem | null => {
  if (!isLocalDate(run.from)) return { field: 'From', reason: 'a date written YYYY-MM-DD' };
  if (!isLocalDate(run.to)) return { field: 'To', reason: 'a date written YYYY-MM-DD' };
  const days = runLength(run.from, run.to);
  if (days === 0) return { field: 'To', reason: 'the last day must not be before the first' };
  if (days > MAX_RUN_DAYS) return { field: 'To', reason: `a run is at most ${MAX_RUN_DAYS} days` };
  if (run.slots.length === 0) return { field: 'Days', reason: 'choose at least one day of the week' };
  for (const [i, slot] of run.slots.entries())
    if (!isLocalTime(slot.time))
      return { field: `Days[${i}].Time`, reason: 'a time written HH:mm (00:00 to 23:59)' };
  if (run.durationMinutes !== null && (run.durationMinutes < 1 || run.durationMinutes > 24 * 60))
    return { field: 'DurationMinutes', reason: 'from 1 minute to 24 hours' };
  if (
    run.offSaleMinutesBefore !== null &&
    (run.offSaleMinutesBefore < 0 || run.offSaleMinutesBefore > 7 * 24 * 60)
  )
    return { field: 'OffSaleMinutesBefore', reason: 'from 0 minutes to 7 days' };
  return null;
};
