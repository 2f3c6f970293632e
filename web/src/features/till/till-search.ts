import type { TillSearch } from './till-api.ts';

// /admin/v2/till?date=YYYY-MM-DD&sellerId=&counter=: the page's filters live in its address, so
// a till can be bookmarked, shared and printed again. Pure.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters with the day filled in. */
export const tillSearchOf = (search: TillPageSearch, now: Date = new Date()): TillSearch => ({
  ...search,
  date: search.date ?? localToday(now),
});

/** Today in the browser's own zone, YYYY-MM-DD (the box office's clock). */
export const localToday = (now: Date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The address's filters; no date: today. */
export type TillPageSearch = Partial<Pick<TillSearch, 'date'>> & Omit<TillSearch, 'date'>;

export const validateTillSearch = (raw: Record<string, unknown>): TillPageSearch => {
  const date = typeof raw.date === 'string' && DATE.test(raw.date) ? raw.date : undefined;
  const seller = Number(raw.sellerId);
  const counter =
    typeof raw.counter === 'string' && raw.counter.trim() !== '' ? raw.counter.trim() : undefined;
  return {
    ...(date === undefined ? {} : { date }),
    ...(Number.isInteger(seller) && seller > 0 ? { sellerId: seller } : {}),
    ...(counter === undefined ? {} : { counter }),
  };
};
