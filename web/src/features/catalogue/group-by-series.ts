import type { Event } from '../../../../adapters/http/contract/catalogue.ts';

export interface SeriesSummary {
  code: string;
  name: string;
  venue: string;
  imageUrl: string | null;
  events: Event[];
}

/** Groups date-sorted events by series, keeping the order in which each series first plays. */
export const groupBySeries = (events: readonly Event[]): SeriesSummary[] => {
  const byCode = new Map<string, SeriesSummary>();
  for (const event of events) {
    const series = byCode.get(event.EventTemplateCode);
    if (series) {
      series.events.push(event);
      continue;
    }
    byCode.set(event.EventTemplateCode, {
      code: event.EventTemplateCode,
      name: event.EventTemplateName,
      venue: event.Venue.DisplayName,
      imageUrl: event.MobileImageUrl,
      events: [event],
    });
  }
  return [...byCode.values()];
};
