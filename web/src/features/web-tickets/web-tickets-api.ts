import { WebTickets } from '../../../../adapters/http/contract/web-tickets.ts';
import { getJson } from '../../api/api-client.ts';

/** GET /api/v2/webtickets/{bundleId}/event/{eventId} (adapters/http/web-tickets/plugin.ts). */
export const fetchWebTickets = (bundleId: string, eventId: number, signal?: AbortSignal) =>
  getJson(`/api/v2/webtickets/${encodeURIComponent(bundleId)}/event/${eventId}`, WebTickets, signal);
