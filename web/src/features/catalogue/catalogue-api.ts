import { CalendarSeries, EventList } from '../../../../adapters/http/contract/catalogue.ts';
import { getJson } from '../../api/get-json.ts';

/** GET /api/events?PerSeries=3: the next three dates of every series, sorted by date. */
export const fetchNextDatesPerSeries = (signal?: AbortSignal) =>
  getJson('/api/events?PerSeries=3', EventList, signal);

const pageSize = 100; // the API's largest Limit
const maxPages = 10;

/** GET /api/events?SeriesCode={code}&Limit=100&Offset=..: every upcoming date of one series. */
export const fetchSeriesEvents = async (code: string, signal?: AbortSignal): Promise<EventList> => {
  const items: EventList['Items'] = [];
  for (let page = 0; page < maxPages; page++) {
    const query = new URLSearchParams({
      SeriesCode: code,
      Limit: String(pageSize),
      Offset: String(items.length),
    });
    const { Items, HasMore } = await getJson(`/api/events?${query}`, EventList, signal);
    items.push(...Items);
    if (!HasMore || Items.length === 0) return { Items: items, HasMore: false };
  }
  return { Items: items, HasMore: true };
};

/** GET /api/events/calendarseries/{code}: the series itself (name, description, promotions...). */
export const fetchCalendarSeries = (code: string, signal?: AbortSignal) =>
  getJson(`/api/events/calendarseries/${encodeURIComponent(code)}`, CalendarSeries, signal);
