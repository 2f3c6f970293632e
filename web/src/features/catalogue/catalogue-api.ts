import {
  CalendarSeries,
  EventList,
  EventsByMonth,
  SeriesPromotion,
} from '../../../../adapters/http/contract/catalogue.ts';
import { getJson } from '../../api/api-client.ts';
import { isoDay, type Month } from './calendar-month.ts';

/** GET /api/events?PerSeries=3: the next three dates of every series, sorted by date. */
export const fetchNextDatesPerSeries = (signal?: AbortSignal) =>
  getJson('/api/events?PerSeries=3', EventList, signal);

/** GET /api/events?SeriesCode={code}&Limit=1: the series' next performance, if any. */
export const fetchNextPerformance = async (code: string, signal?: AbortSignal) => {
  const query = new URLSearchParams({ SeriesCode: code, Limit: '1' });
  const { Items } = await getJson(`/api/events?${query}`, EventList, signal);
  return Items[0] ?? null;
};

/** GET /api/events/calendarseries/{code}: the series itself (name, description, promotions...). */
export const fetchCalendarSeries = (code: string, signal?: AbortSignal) =>
  getJson(`/api/events/calendarseries/${encodeURIComponent(code)}`, CalendarSeries, signal);

/** GET /api/events/getbymonth: a series' performances in one local month (orderId for exchanges). */
export const fetchEventsByMonth = (
  seriesCode: string,
  month: Month,
  orderId: string | undefined,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ seriesCode, requestedTime: isoDay({ ...month, day: 1 }) });
  if (orderId) query.set('orderId', orderId);
  return getJson(`/api/events/getbymonth?${query}`, EventsByMonth, signal);
};

/**
 * GET /api/promotions/validatepromocode: the promotion a code (and one-time group code) unlocks.
 * 400 with the reason, 401 login required, 403 not for this customer (ApiError.status).
 */
export const validatePromoCode = (
  input: { promoCode: string; groupCode?: string; seriesCode: string },
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ promoCode: input.promoCode, eventTemplateCode: input.seriesCode });
  if (input.groupCode) query.set('oneTimeGroupCode', input.groupCode);
  return getJson(`/api/promotions/validatepromocode?${query}`, SeriesPromotion, signal);
};
