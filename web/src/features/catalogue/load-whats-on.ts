import { fetchNextDatesPerSeries } from './catalogue-api.ts';
import { groupBySeries } from './group-by-series.ts';

export const loadWhatsOn = async (signal?: AbortSignal) =>
  groupBySeries((await fetchNextDatesPerSeries(signal)).Items);
