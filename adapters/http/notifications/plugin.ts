import type { Plugin } from '@hapi/hapi';
import { requestTicketNotification } from '../../../core/accounts/notifications/ticket-notifications.ts';
import type { AppRuntime } from '../../wiring.ts';
import { TicketNotificationReceipt, TicketNotificationRequest } from '../contract/notifications.ts';
import { defineRoute, runUseCase } from '../route.ts';

export const notificationsPlugin: Plugin<{ runtime: AppRuntime }> = {
  name: 'foyer-notifications',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/ticketnotificationrequests',
        summary: 'Ask to be e-mailed when a sold-out performance has tickets again (idempotent per address)',
        tags: ['account'],
        payload: TicketNotificationRequest,
        response: TicketNotificationReceipt,
        handler: async ({ payload, h }) => {
          const receipt = await runUseCase(
            runtime,
            requestTicketNotification({ eventId: payload.EventID, email: payload.Email }),
          );
          return h
            .response(receipt)
            .code(receipt.AlreadyRequested ? 200 : 201)
            .header('cache-control', 'no-store');
        },
      }),
    ]);
  },
};
