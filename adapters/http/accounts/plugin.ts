import type { Plugin } from '@hapi/hapi';
import { z } from 'zod';
import { AccountSettings } from '../../../core/accounts/ports.ts';
import { defineRoute, runUseCase } from '../route.ts';
import type { AppRuntime } from '../../wiring.ts';
import { AccountInformation, BillingField, ConsumerFeatures } from '../contract/accounts.ts';
import { accountRoutes } from './account-routes.ts';
import { staffRoutes } from './staff-routes.ts';
import { paymentMethodRoutes } from './payment-method-routes.ts';

const information = AccountSettings.use((s) => s.information());

export const accountsPlugin: Plugin<{ runtime: AppRuntime; publicUrl: string }> = {
  name: 'foyer-accounts',
  register: (server, { runtime, publicUrl }) => {
    server.route([...accountRoutes(runtime, publicUrl), ...staffRoutes(runtime)]);
    server.route(paymentMethodRoutes(runtime));
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/accountInformation',
        summary: 'Countries, billing fields, terms of service and login settings',
        tags: ['account'],
        response: AccountInformation,
        handler: () => runUseCase(runtime, information),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/accountInformation/allowlogin',
        summary: 'Whether customers may log in',
        tags: ['account'],
        response: z.object({ AllowCustomerLogin: z.boolean() }),
        handler: async () => ({
          AllowCustomerLogin: (await runUseCase(runtime, information)).AllowCustomerLogin,
        }),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/accountInformation/fields',
        summary: 'Billing form fields',
        tags: ['account'],
        response: z.array(BillingField),
        handler: async () => (await runUseCase(runtime, information)).BillingFields,
      }),
      defineRoute({
        method: 'GET',
        path: '/api/consumer/features',
        summary: 'Storefront feature flags',
        tags: ['account'],
        response: ConsumerFeatures,
        handler: () =>
          runUseCase(
            runtime,
            AccountSettings.use((s) => s.consumerFeatures()),
          ),
      }),
    ]);
  },
};
