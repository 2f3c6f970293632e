import { notFound } from '@tanstack/react-router';
import { isApiError } from '../../api/api-error.ts';
import { fetchCalendarSeries, fetchNextPerformance } from './catalogue-api.ts';

/**
 * The series screen's data before its first month: the series and its next performance (where
 * the calendar opens). The months themselves load on the screen. An unknown code is a
 * not-found of the series route.
 */
export const loadSeries = async (code: string, signal?: AbortSignal) => {
  try {
    const [series, nextPerformance] = await Promise.all([
      fetchCalendarSeries(code, signal),
      fetchNextPerformance(code, signal),
    ]);
    return { series, nextPerformance };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
};

export type SeriesData = Awaited<ReturnType<typeof loadSeries>>;
