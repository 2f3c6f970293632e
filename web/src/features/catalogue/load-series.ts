import { notFound } from '@tanstack/react-router';
import { isApiError } from '../../api/api-error.ts';
import { fetchCalendarSeries, fetchSeriesEvents } from './catalogue-api.ts';

/** The series screen's data; an unknown code is a not-found of the series route. */
export const loadSeries = async (code: string, signal?: AbortSignal) => {
  try {
    const [series, events] = await Promise.all([
      fetchCalendarSeries(code, signal),
      fetchSeriesEvents(code, signal),
    ]);
    return { series, events: events.Items, hasMore: events.HasMore };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
};

export type SeriesData = Awaited<ReturnType<typeof loadSeries>>;
