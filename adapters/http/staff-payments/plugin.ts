import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { Effect, Option } from 'effect';
import { z } from 'zod';
import { permissionsOf } from '../../../core/accounts/staff/permissions.ts';
import { CompTypes, PaymentMethodSettings, type CompType } from '../../../core/boxoffice/ports.ts';
import { CardTerminals } from '../../../core/payments/card-terminal.ts';
import { PaymentGateways } from '../../../core/payments/ports.ts';
import {
  houseSeatPaymentMethods,
  listedPaymentMethods,
  staffPaymentMethods,
  type CardProcessor,
  type StaffPaymentMethod,
} from '../../../core/payments/staff-payment-types.ts';
import type { Config } from '../../config.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  CheckoutSettings,
  CommissionRow,
  CompTypeIdParams,
  CompTypeRequest,
  CompTypeRow,
  CompTypesQuery,
  PaymentMethodRow,
  PaymentMethodsQuery,
  PaymentTypesQuery,
  VenueIdParams,
} from '../contract/staff-payments.ts';
import { defineRoute } from '../route.ts';

// The clerk's payment page reads (payment methods, commissions, the venue's checkout settings,
// comp types: permission sell) and the box office's comp types (managePaymentMethods).

const tags = ['admin', 'payments'];

const rowOf = (m: StaffPaymentMethod): PaymentMethodRow => ({
  ID: m.id,
  PaymentType: m.paymentType,
  Name: m.name,
  RequiresPartner: m.requiresPartner,
  HouseSeats: m.houseSeats,
  IsActive: m.isActive,
  DisplayOrder: m.displayOrder,
});

const compRowOf = (c: CompType): CompTypeRow => ({
  ID: c.id,
  Name: c.name,
  Description: c.description,
  MaxCompQuantity: c.maxCompQuantity,
  IsActive: c.isActive,
});

const installationProcessor = Effect.gen(function* () {
  const gateways = yield* PaymentGateways;
  return (gateways.card.name === 'Stripe' ? 'Stripe' : 'Offline') satisfies CardProcessor as CardProcessor;
});

const methods = PaymentMethodSettings.use((s) => s.methods());

export const paymentAdminPlugin: Plugin<{ readonly runtime: AppRuntime; readonly config: Config }> = {
  name: 'foyer-payment-admin',
  register: (server, { runtime, config }) => {
    // These reads and writes have no business errors: anything failing is a fault (500).
    const run = <A>(program: Effect.Effect<A, never, AppServices>) => runtime.runPromise(program);

    const saveCompType = async (id: number, payload: CompTypeRequest) => {
      const fields = {
        name: payload.Name,
        description: payload.Description?.trim() ? payload.Description : null,
        maxCompQuantity: payload.MaxCompQuantity ?? null,
      };
      const written = await run(CompTypes.use((c) => (id === 0 ? c.create(fields) : c.update(id, fields))));
      if (written.outcome === 'nameTaken')
        throw Boom.conflict('An active comp type already has that name.', { body: { Fields: ['Name'] } });
      if (written.outcome === 'notFound') throw Boom.notFound('No active comp type has that id.');
      return compRowOf(written.compType);
    };

    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/paymentmethods',
        summary:
          'Payment methods in the box office order (CreditCard, Cash, Check, Comp, then display order; PayPal after the card when more than 2); active only unless all=true',
        tags,
        permission: 'sell',
        query: PaymentMethodsQuery,
        response: z.array(PaymentMethodRow),
        handler: async ({ query }) => listedPaymentMethods(await run(methods), query.all).map(rowOf),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/paymentmethods/paymentTypes',
        summary:
          "The methods the clerk's payment page offers: card (terminal) only on this installation's processor, each tender only with its permission, custom types requiring a partner only with allowPartner=true",
        tags,
        permission: 'sell',
        query: PaymentTypesQuery,
        response: z.array(PaymentMethodRow),
        handler: async ({ query, request }) => {
          const staff = (await staffOf(request))!;
          const [all, processor] = await run(Effect.all([methods, installationProcessor]));
          return staffPaymentMethods(all, {
            processor: query.paymentProcessor,
            installationProcessor: processor,
            permissions: new Set(permissionsOf(staff.role)),
            allowPartner: query.allowPartner,
          }).map(rowOf);
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/paymentmethods/houseSeatsPaymentTypes',
        summary: 'The active payment methods a house-seat order may be paid with, in the box office order',
        tags,
        permission: 'sell',
        response: z.array(PaymentMethodRow),
        handler: async () => houseSeatPaymentMethods(await run(methods)).map(rowOf),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/paymentmethodcommissions',
        summary:
          'What each payment method costs the box office: basis points and a fixed amount, from a date',
        tags,
        permission: 'sell',
        response: z.array(CommissionRow),
        handler: async () =>
          (await run(PaymentMethodSettings.use((s) => s.commissions()))).map((c) => ({
            ID: c.id,
            PaymentMethodID: c.paymentMethodId,
            PaymentMethodName: c.paymentMethodName,
            PercentBasisPoints: c.percentBasisPoints,
            FixedAmount: c.fixedAmount,
            EffectiveFrom: c.effectiveFrom,
          })),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/nlivenpaymentaccounts/checkoutsettingsforvenue/{venueId}',
        summary:
          "A venue's checkout settings at the counter: the card processor, its publishable key, the currency and the card terminal's location. 404 unknown venue",
        tags,
        permission: 'sell',
        params: VenueIdParams,
        response: CheckoutSettings,
        handler: async ({ params }) => {
          const [venue, processor, terminal] = await run(
            Effect.all([
              PaymentMethodSettings.use((s) => s.venue(params.venueId)),
              installationProcessor,
              Effect.serviceOption(CardTerminals).pipe(
                Effect.flatMap((t) =>
                  Option.isSome(t)
                    ? t.value
                        .configuration()
                        .pipe(Effect.orElseSucceed(() => ({ configured: false, location: null })))
                    : Effect.succeed({ configured: false, location: null as string | null }),
                ),
              ),
            ]),
          );
          if (!venue) throw Boom.notFound(`Venue ${params.venueId} was not found.`);
          return {
            // One processor account per installation; each venue is its own account for the terminal.
            PaymentAccountId: venue.venueId,
            Processor: processor,
            PublishableKey: processor === 'Stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
            Currency: venue.currency,
            TerminalConfigured: terminal.configured,
            TerminalLocation: terminal.location,
          };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/comptypes',
        summary: 'Comp types by name (archived ones too with includeArchived=true)',
        tags,
        permission: 'sell',
        query: CompTypesQuery,
        response: z.array(CompTypeRow),
        handler: async ({ query }) =>
          (await run(CompTypes.use((c) => c.list(query.includeArchived)))).map(compRowOf),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/compTypes/{id}',
        summary: 'Create a comp type (id 0) or change one. 409 when an active comp type has the name',
        tags,
        permission: 'managePaymentMethods',
        params: CompTypeIdParams,
        payload: CompTypeRequest,
        response: CompTypeRow,
        handler: ({ params, payload }) => saveCompType(params.id, payload),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/compTypes/{id}',
        summary: 'Change a comp type (id 0 creates). 404 unknown or archived; 409 name taken',
        tags,
        permission: 'managePaymentMethods',
        params: CompTypeIdParams,
        payload: CompTypeRequest,
        response: CompTypeRow,
        handler: ({ params, payload }) => saveCompType(params.id, payload),
      }),
      defineRoute({
        method: 'DELETE',
        path: '/api/admin/comptypes/{id}',
        summary: 'Archive a comp type (past payments keep it). 204; 404 unknown or already archived',
        tags,
        permission: 'managePaymentMethods',
        params: z.object({ id: z.coerce.number().int().positive() }),
        handler: async ({ params, h }) => {
          if (!(await run(CompTypes.use((c) => c.archive(params.id)))))
            throw Boom.notFound('No active comp type has that id.');
          return h.response().code(204);
        },
      }),
    ]);
  },
};
