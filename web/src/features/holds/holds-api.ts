import { z } from 'zod';
import {
  EventHoldsAnswer,
  HoldClassView,
  HoldSubclassView,
  type HoldActionName,
} from '../../../../adapters/http/contract/holds.ts';
import { getJson, sendJson } from '../../api/api-client.ts';
import { fetchBoxOfficeInventory } from '../sell/sell-api.ts';
import { fetchEvent, fetchSvgData } from '../seatmap/seatmap-api.ts';

// The Holds page's calls (adapters/http/contract/holds.ts) and what the page loads: the
// performance, its map, its seats as the box office sees them, and the hold subclasses.

export const fetchHoldSubclasses = (signal?: AbortSignal) =>
  getJson('/api/admin/holdsubclasses', z.array(HoldSubclassView), signal);

export const fetchHoldClasses = (signal?: AbortSignal) =>
  getJson('/api/admin/holdclasses', z.array(HoldClassView), signal);

export const createHoldClass = (name: string) =>
  sendJson('POST', '/api/admin/holdclasses', { Name: name }, HoldClassView);

export const createHoldSubclass = (body: { Name: string; HoldClassID: number; IsKill: boolean }) =>
  sendJson('POST', '/api/admin/holdsubclasses', body, HoldSubclassView);

export const updateHoldSubclass = (
  id: number,
  body: {
    Version: number;
    Name?: string;
    IsKill?: boolean;
    IsArchived?: boolean;
    AssignSeatsToSubclassID?: number | null;
  },
) => sendJson('PUT', `/api/admin/holdsubclasses/${id}`, body, HoldSubclassView);

export const applyHolds = (
  eventId: number,
  body: { Action: HoldActionName; HoldSubclassID: number | null; Seats: string[] },
) => sendJson('POST', `/api/admin/event/${eventId}/holds`, body, EventHoldsAnswer);

export const fetchEventSeats = (eventId: number, signal?: AbortSignal) =>
  fetchBoxOfficeInventory(eventId, [], signal);

export const loadHoldsPage = async (eventId: number, signal?: AbortSignal) => {
  const [event, inventory, subclasses, classes] = await Promise.all([
    fetchEvent(eventId, signal),
    fetchEventSeats(eventId, signal),
    fetchHoldSubclasses(signal),
    fetchHoldClasses(signal),
  ]);
  const { svg } = await fetchSvgData(event.VenueConfigurationID, signal);
  return { event, inventory, subclasses, classes, svg };
};
export type HoldsPageData = Awaited<ReturnType<typeof loadHoldsPage>>;
