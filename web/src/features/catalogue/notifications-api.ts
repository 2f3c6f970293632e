import {
  TicketNotificationReceipt,
  type TicketNotificationRequest,
} from '../../../../adapters/http/contract/notifications.ts';
import { sendJson } from '../../api/api-client.ts';

/** POST /api/ticketnotificationrequests: e-mail me when this sold-out performance has tickets. */
export const requestTicketNotification = (request: TicketNotificationRequest, signal?: AbortSignal) =>
  sendJson('POST', '/api/ticketnotificationrequests', request, TicketNotificationReceipt, signal);
