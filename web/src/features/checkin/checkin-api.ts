import { CheckInSummary, ScanAnswer, type ScanRequest } from '../../../../adapters/http/contract/checkin.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// Check-in's calls (permission checkIn: 401 signed out, 403 without it).

/** GET /api/admin/checkin/{eventId}/summary: the event, tickets sold and admitted. */
export const fetchCheckInSummary = (eventId: number, signal?: AbortSignal) =>
  getJson(`/api/admin/checkin/${eventId}/summary`, CheckInSummary, signal);

/** POST /api/admin/checkin/scan: what the door says about a scanned ticket. */
export const sendScan = (body: ScanRequest) => sendJson('POST', '/api/admin/checkin/scan', body, ScanAnswer);
