import { EventCancellation } from '../../../../adapters/http/contract/event-cancellation.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// The event cancellation's calls (permission manageEvents: 401 signed out, 403 without it).

/** GET /api/admin/events/{id}/cancellation: the event, what a run would take, and its progress. */
export const fetchEventCancellation = (eventId: number, signal?: AbortSignal) =>
  getJson(`/api/admin/events/${eventId}/cancellation`, EventCancellation, signal);

/** POST /api/admin/events/{id}/cancel: starts the run (or resumes the one running). */
export const startEventCancellation = (eventId: number, body: { Refund: boolean; Fee: number }) =>
  sendJson('POST', `/api/admin/events/${eventId}/cancel`, body, EventCancellation);
