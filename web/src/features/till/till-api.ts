import { TillFilters, TillReport } from '../../../../adapters/http/contract/till.ts';
import { getJson } from '../../api/api-client.ts';

// The till's calls (permission viewReports: 401 signed out, 403 without it, with the Message).

export interface TillSearch {
  /** YYYY-MM-DD */
  readonly date: string;
  readonly sellerId?: number;
  readonly counter?: string;
}

export const tillQueryString = (search: TillSearch): string => {
  const query = new URLSearchParams({ date: search.date });
  if (search.sellerId !== undefined) query.set('sellerId', String(search.sellerId));
  if (search.counter !== undefined) query.set('counter', search.counter);
  return query.toString();
};

/** GET /api/admin/reports/till: the day's takings per seller and counter. */
export const fetchTill = (search: TillSearch, signal?: AbortSignal) =>
  getJson(`/api/admin/reports/till?${tillQueryString(search)}`, TillReport, signal);

/** GET /api/admin/reports/till/filters: the sellers and counters to filter by. */
export const fetchTillFilters = (signal?: AbortSignal) =>
  getJson('/api/admin/reports/till/filters', TillFilters, signal);
