import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { stringify } from 'csv-stringify/sync';
import { Effect } from 'effect';
import { z } from 'zod';
import {
  anonymizeAccount,
  changePassword,
  register,
  requestPasswordReset,
  resetPassword,
  updateProfile,
} from '../../../core/accounts/account-changes.ts';
import { CustomerAccounts, Sessions } from '../../../core/accounts/ports.ts';
import { canResendTickets, downloadRows } from '../../../core/accounts/profile.ts';
import { resendTickets } from '../../../core/accounts/notifications/resend-tickets.ts';
import { signIn } from '../../../core/accounts/sign-in.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import type { toBoom } from '../errors.ts';
import {
  AccountAnswer,
  AccountDetails,
  AccountOrder,
  ChangePasswordRequest,
  LoginRequest,
  MessageAnswer,
  PasswordResetRequest,
  RegisterRequest,
  ResetPasswordRequest,
  UpdateDetailsRequest,
} from '../contract/account.ts';
import { defineRoute, runUseCase } from '../route.ts';
import { accountAnswer, detailsAnswer, signedOut } from './account-answer.ts';
import {
  identityOf,
  requireCustomer,
  sessionOf,
  sessionTokenOf,
  withSession,
  withoutSession,
} from './session.ts';

// The signed-in person's own calls: sign-in and out, sign-up, passwords, profile, orders, delete.

const tags = ['account'];

/** A path on this site, or nothing: an e-mailed link must not send anyone elsewhere. */
const localPath = (url: string | undefined) =>
  url && url.startsWith('/') && !url.startsWith('//') ? url : undefined;

const json = (h: ResponseToolkit, body: unknown, status = 200) =>
  h
    .response(body as object)
    .code(status)
    .header('cache-control', 'no-store');

const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const accountRoutes = (runtime: AppRuntime, publicUrl: string): ServerRoute[] => {
  const run = <A, E extends Parameters<typeof toBoom>[0]>(program: Effect.Effect<A, E, AppServices>) =>
    runUseCase(runtime, program);

  const signedInAnswer = async (request: Request, h: ResponseToolkit, token: string) => {
    const session = await runtime.runPromise(Sessions.use((s) => s.read(token)));
    const answer = await run(accountAnswer(session?.identity ?? null));
    return withSession(request, json(h, answer), token, session?.kind ?? 'customer');
  };

  /** Ends the session the caller came with, if any (a new id at every sign-in). */
  const endOldSession = async (request: Request) => {
    const old = sessionTokenOf(request);
    if (old) await runtime.runPromise(Sessions.use((s) => s.end(old)));
  };

  const address = (request: Request) => request.info.remoteAddress || null;
  const userAgentOf = (request: Request) => {
    const agent: unknown = request.headers['user-agent'];
    return typeof agent === 'string' ? agent : null;
  };

  return [
    defineRoute({
      method: 'GET',
      path: '/api/account',
      summary: 'Who is signed in in this browser: a customer, a staff member (role, permissions) or no one',
      tags,
      response: AccountAnswer,
      handler: async ({ request }) => run(accountAnswer(await identityOf(request))),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/account/login',
      summary:
        'Sign in (customer or staff). 401 wrong e-mail or password (never says which); 429 after 100 failures an hour for the account or 500 for the address; 403 customer accounts turned off',
      tags,
      payload: LoginRequest,
      response: AccountAnswer,
      handler: async ({ payload, request, h }) => {
        const { token } = await run(
          signIn({
            email: payload.Email,
            password: payload.Password,
            address: address(request),
            userAgent: userAgentOf(request),
          }),
        );
        await endOldSession(request);
        return signedInAnswer(request, h, token);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/account/register',
      summary:
        'Create a customer account and sign in. 202 when the e-mail already has an account (that address is told by e-mail); 400 names the field',
      tags,
      payload: RegisterRequest,
      response: AccountAnswer,
      handler: async ({ payload, request, h }) => {
        const customer = await run(
          register(
            {
              firstName: payload.FirstName,
              lastName: payload.LastName,
              email: payload.Email,
              phone: payload.Phone || null,
              password: payload.Password,
              confirmPassword: payload.ConfirmPassword,
            },
            `${publicUrl}/account/login`,
            address(request),
          ).pipe(Effect.catchTag('EmailTaken', () => Effect.succeed(null))),
        );
        if (customer === null)
          return json(
            h,
            { Message: 'Please check your e-mail: we have sent the next step to that address.' },
            202,
          );
        await endOldSession(request);
        const { token } = await runtime.runPromise(
          Sessions.use((s) =>
            s.create('customer', customer.customerId, {
              address: address(request),
              userAgent: userAgentOf(request),
            }),
          ),
        );
        return signedInAnswer(request, h, token);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/account/logout',
      summary: 'Sign out: the session ends on the server and both cookies are erased',
      tags,
      response: AccountAnswer,
      handler: async ({ request, h }) => {
        await endOldSession(request);
        return withoutSession(request, json(h, signedOut));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/account/requestPasswordReset',
      summary:
        'E-mail a single-use link (valid one hour) to choose a new password, when the address has an account; the answer is the same either way',
      tags,
      payload: PasswordResetRequest,
      response: MessageAnswer,
      handler: async ({ payload }) => {
        const returnUrl = localPath(payload.ReturnUrl);
        await run(
          requestPasswordReset(
            payload.Email,
            (token) =>
              `${publicUrl}/account/resetpassword?token=${token}${returnUrl ? `&returnUrl=${encodeURIComponent(returnUrl)}` : ''}`,
          ),
        );
        return {
          Message: 'If an account uses that e-mail address, we have sent it a link to choose a new password.',
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/account/resetPassword',
      summary: 'Choose a new password with the e-mailed token; every session of the account ends',
      tags,
      payload: ResetPasswordRequest,
      response: MessageAnswer,
      handler: async ({ payload }) => {
        await run(resetPassword(payload.Token, payload.Password));
        return { Message: 'Your password has been changed. Please sign in with it.' };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/account/changepassword',
      summary:
        "Change the signed-in person's own password, customer or staff (the current one typed again); their other sessions end",
      tags,
      payload: ChangePasswordRequest,
      response: MessageAnswer,
      handler: async ({ payload, request }) => {
        const session = await sessionOf(request);
        if (!session) throw Boom.unauthorized('Please sign in to your account.');
        const { identity } = session;
        const owner =
          identity.kind === 'staff'
            ? { kind: 'staff' as const, id: identity.staffUserId }
            : { kind: 'customer' as const, id: identity.customerId };
        await run(
          changePassword(owner, session.idHash, {
            current: payload.CurrentPassword,
            next: payload.NewPassword,
            confirmation: payload.ConfirmPassword,
          }),
        );
        return { Message: 'Your password has been changed.' };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/account/details',
      summary: "The signed-in customer's profile, tags and marketing lists",
      tags,
      response: AccountDetails,
      handler: async ({ request }) => {
        const { identity } = await requireCustomer(request);
        const profile = await run(CustomerAccounts.use((a) => a.profile(identity.customerId)));
        if (!profile) throw Boom.unauthorized('Please sign in to your account.');
        return detailsAnswer(profile);
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/account/details',
      summary: 'Change the profile; a new e-mail needs CurrentPassword; OptIns sets the marketing lists',
      tags,
      payload: UpdateDetailsRequest,
      response: AccountDetails,
      handler: async ({ payload, request }) => {
        const { identity } = await requireCustomer(request);
        const profile = await run(
          updateProfile(
            identity.customerId,
            {
              firstName: payload.FirstName,
              lastName: payload.LastName,
              email: payload.Email,
              phone: payload.Phone || null,
              rewardsNumber: payload.CustomerRewardsNumber || null,
              billTo: {
                BillToAddress1: payload.BillToAddress1 ?? null,
                BillToAddress2: payload.BillToAddress2 ?? null,
                BillToCity: payload.BillToCity ?? null,
                BillToState: payload.BillToState ?? null,
                BillToPostalCode: payload.BillToPostalCode ?? null,
                BillToCountryCode: payload.BillToCountryCode?.toUpperCase() ?? null,
              },
            },
            {
              ...(payload.CurrentPassword !== undefined ? { currentPassword: payload.CurrentPassword } : {}),
              ...(payload.OptIns ? { optIns: payload.OptIns } : {}),
            },
          ),
        );
        return detailsAnswer(profile);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/account/orders',
      summary: "The signed-in customer's orders, newest first, with their tickets",
      tags,
      response: z.array(AccountOrder),
      handler: async ({ request }) => {
        const { identity } = await requireCustomer(request);
        const orders = await run(CustomerAccounts.use((a) => a.orders(identity.customerId)));
        const now = Date.now();
        return orders.map((o) => ({
          ID: o.id,
          Name: o.name,
          Status: o.status,
          OrderDate: o.orderDate.toISOString(),
          Total: o.total,
          Currency: o.currency,
          DeliveryMethod: o.deliveryMethod
            ? { Name: o.deliveryMethod.name, Type: o.deliveryMethod.type }
            : null,
          CanResendTickets: canResendTickets(o, now),
          Items: o.items.map((i) => ({
            EventName: i.eventName,
            VenueName: i.venueName,
            EventDate: i.eventDate.toISOString(),
            TimeZone: i.timeZone,
            Seat: i.seat,
            PriceType: i.priceType,
            Price: i.price,
          })),
        }));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/account/orders/download',
      summary:
        'Data download: every order of the signed-in customer (id, status, deliveryMethod, venueName, eventName, eventDate, orderTotal) as CSV or JSON',
      tags,
      query: z.object({ format: z.enum(['csv', 'json']).default('csv') }),
      handler: async ({ query, request, h }) => {
        const { identity } = await requireCustomer(request);
        const rows = downloadRows(await run(CustomerAccounts.use((a) => a.orders(identity.customerId))));
        const body =
          query.format === 'json'
            ? JSON.stringify(rows, null, 2)
            : stringify(rows, {
                header: true,
                columns: [
                  'id',
                  'status',
                  'deliveryMethod',
                  'venueName',
                  'eventName',
                  'eventDate',
                  'orderTotal',
                ],
              });
        return h
          .response(body)
          .type(query.format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="foyer-orders.${query.format}"`)
          .header('cache-control', 'no-store');
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/account/orders/{id}/emailtickets',
      summary:
        "Resend an order's tickets by e-mail (Email or PrintAtHome delivery, once the delivery date has passed)",
      tags,
      params: IdParams,
      response: MessageAnswer,
      handler: async ({ params, request }) => {
        const { identity } = await requireCustomer(request);
        const sent = await run(resendTickets(identity.customerId, params.id));
        return { Message: `Your tickets have been sent to ${sent.to}.` };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/account/anonymize',
      summary:
        'Delete the account: the profile loses its personal data (orders stay for the books without it) and every session ends',
      tags,
      response: MessageAnswer,
      handler: async ({ request, h }) => {
        const { identity } = await requireCustomer(request);
        await run(anonymizeAccount(identity.customerId));
        return withoutSession(request, json(h, { Message: 'Your account has been deleted.' }));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/customers/customertags/{customerTagId}',
      summary: "Remove one of the signed-in customer's tags (a marketing opt-out)",
      tags,
      params: z.object({ customerTagId: z.coerce.number().int().positive() }),
      response: MessageAnswer,
      handler: async ({ params, request }) => {
        const { identity } = await requireCustomer(request);
        const removed = await run(
          CustomerAccounts.use((a) => a.removeTag(identity.customerId, params.customerTagId)),
        );
        if (!removed) throw Boom.notFound('That subscription was not found on your account.');
        return { Message: 'You have been unsubscribed.' };
      },
    }),
  ];
};
