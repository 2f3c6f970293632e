import { z } from 'zod';
import {
  BoxOfficeInventory,
  SellSearchAnswer,
  SellTicketSeatMap,
} from '../../../../adapters/http/contract/staff-inventory.ts';
import { EventList } from '../../../../adapters/http/contract/catalogue.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// The clerk's selling screens' calls (adapters/http/staff-inventory/ and the basket's own).

/** GET /api/admin/sell/search: series and performances by name, code or date (MM-DD-YYYY). */
export const searchToSell = (input: { q?: string; date?: string; limit?: number }, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (input.limit) query.set('limit', String(input.limit));
  if (input.q?.trim()) query.set('q', input.q.trim());
  if (input.date) query.set('date', input.date);
  return getJson(`/api/admin/sell/search?${query}`, SellSearchAnswer, signal);
};

/** GET /api/admin/eventinventory/{id}/boxoffice with the hold subclasses the clerk sells from. */
export const fetchBoxOfficeInventory = (
  eventId: number,
  holdSubclassIds: readonly number[],
  signal?: AbortSignal,
) =>
  getJson(
    `/api/admin/eventinventory/${eventId}/boxoffice${
      holdSubclassIds.length > 0
        ? `?holdSubclassIds=${[...holdSubclassIds].sort((a, b) => a - b).join(',')}`
        : ''
    }`,
    BoxOfficeInventory,
    signal,
  );

/** GET /api/admin/sellticketseatmap: the event's header and the admin pages the clerk may open. */
export const fetchSellTicketSeatMap = (eventId: number, signal?: AbortSignal) =>
  getJson(`/api/admin/sellticketseatmap?eventId=${eventId}`, SellTicketSeatMap, signal);

/** The series' upcoming performances (the consumer list, which staff read too). */
export const fetchSeriesPerformances = (seriesCode: string, signal?: AbortSignal) =>
  getJson(`/api/events?${new URLSearchParams({ SeriesCode: seriesCode, Limit: '100' })}`, EventList, signal);

/** POST /api/baskets/additems on the box office's channel, selling from the chosen holds. */
export const addSeatsAtCounter = (body: {
  eventId: number;
  basketItems: {
    Key: string;
    PriceTypeID?: number;
    packageId?: number;
    SeatAlertAcknowledgement?: boolean;
  }[];
  holdSubclassIds: readonly number[];
  promoCode?: string;
}) =>
  sendJson(
    'POST',
    '/api/baskets/additems',
    {
      eventId: body.eventId,
      basketItems: body.basketItems,
      salesChannel: 'BoxOffice',
      ...(body.promoCode ? { promoCode: body.promoCode } : {}),
      ...(body.holdSubclassIds.length > 0 ? { holdSubclassIds: body.holdSubclassIds.join(',') } : {}),
    },
    z.unknown(),
  );

const SavedBaskets = z.object({
  Items: z.array(
    z.object({
      BasketId: z.string(),
      Name: z.string().nullable(),
      SavedAt: z.string().nullable(),
      SavedBy: z.string().nullable(),
      CustomerName: z.string().nullable(),
      EventNames: z.array(z.string()),
      TicketCount: z.number(),
      Total: z.number(),
      ExpiresAt: z.string(),
    }),
  ),
  TotalCount: z.number(),
});
export type SavedBaskets = z.infer<typeof SavedBaskets>;

/** POST /api/admin/baskets/list: the saved baskets (another part of the box office answers it). */
export const fetchSavedBaskets = () =>
  sendJson('POST', '/api/admin/baskets/list', { Page: 1, PageSize: 10 }, SavedBaskets);

/** POST /api/baskets/generaladmission on the box office's channel: quantities per price key. */
export const addGeneralAdmissionAtCounter = (body: {
  eventId: number;
  sectionKey: string;
  ticketRequest: Record<string, number>;
}) => sendJson('POST', '/api/baskets/generaladmission', { ...body, salesChannel: 'BoxOffice' }, z.unknown());
