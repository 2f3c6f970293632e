import type { RunBody } from '../../../../adapters/http/contract/performances.ts';

// The add-performances form's values, and the run the API takes from them: one performance is a
// run of one day at one time.

export interface RunFormValues {
  readonly mode: 'one' | 'run';
  readonly date: string;
  readonly time: string;
  readonly from: string;
  readonly to: string;
  /** ISO weekday 1..7 -> its time, for the days chosen. */
  readonly days: Readonly<Record<number, { readonly on: boolean; readonly time: string }>>;
  readonly onSaleNow: boolean;
  readonly onSaleAt: string;
  readonly durationMinutes: string;
  readonly offSaleMinutesBefore: string;
  readonly isPresale: boolean;
}

export const emptyRunForm = (today: string): RunFormValues => ({
  mode: 'run',
  date: today,
  time: '19:30',
  from: today,
  to: today,
  days: Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((d) => [d, { on: false, time: d === 7 ? '14:00' : '19:30' }]),
  ),
  onSaleNow: true,
  onSaleAt: '',
  durationMinutes: '',
  offSaleMinutesBefore: '',
  isPresale: false,
});

/** ISO weekday of 'YYYY-MM-DD'. */
export const weekdayOfDay = (day: string): number => {
  const w = new Date(`${day}T12:00:00Z`).getUTCDay();
  return w === 0 ? 7 : w;
};

const minutes = (text: string): number | null => (text.trim() === '' ? null : Number(text));

export const runBodyOf = (v: RunFormValues): RunBody => ({
  From: v.mode === 'one' ? v.date : v.from,
  To: v.mode === 'one' ? v.date : v.to,
  Days:
    v.mode === 'one'
      ? [{ Weekday: weekdayOfDay(v.date), Time: v.time }]
      : Object.entries(v.days)
          .filter(([, d]) => d.on)
          .map(([weekday, d]) => ({ Weekday: Number(weekday), Time: d.time })),
  OnSale: v.onSaleNow ? 'now' : v.onSaleAt,
  DurationMinutes: minutes(v.durationMinutes),
  OffSaleMinutesBefore: minutes(v.offSaleMinutesBefore),
  IsPresale: v.isPresale,
});

/** The form's element id for a field the API names ('Days[0].Time' -> the first chosen day's time). */
export const elementOfField = (field: string, v: RunFormValues): string => {
  const day = /^Days\[(\d+)\]/.exec(field);
  if (day) {
    if (v.mode === 'one') return 'run-time';
    const chosen = Object.entries(v.days).filter(([, d]) => d.on);
    return `run-day-${chosen[Number(day[1])]?.[0] ?? 1}-time`;
  }
  const ids: Record<string, string> = {
    From: v.mode === 'one' ? 'run-date' : 'run-from',
    To: v.mode === 'one' ? 'run-date' : 'run-to',
    Days: 'run-day-1',
    OnSale: 'run-onsale-at',
    DurationMinutes: 'run-duration',
    OffSaleMinutesBefore: 'run-offsale',
  };
  return ids[field] ?? 'run-from';
};
