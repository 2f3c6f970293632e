import Boom from '@hapi/boom';
import type { Plugin, Request, RouteOptions } from '@hapi/hapi';
import { Effect } from 'effect';
import {
  Devices,
  pairDevice,
  PAIRING_CODE_REFUSED,
  type Device,
  type DeviceActor,
} from '../../../core/accounts/staff/device-pairing.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  DeviceParams,
  DevicesList,
  DeviceView,
  PairAnswer,
  PairingCodeAnswer,
  PairingCodeRequest,
  PairRequest,
} from '../contract/devices.ts';
import { defineRoute } from '../route.ts';

// Pairing point-of-sale devices (adapters/http/contract/devices.ts; the rules in
// core/accounts/staff/device-pairing.ts, the store adapters/postgres/accounts/devices.ts). The pair
// call is the bridge's, made before it has any session or CSRF cookie: the one-time code is its
// proof, so it opts out of the CSRF check (adapters/http/csrf.ts).

const tags = ['admin', 'devices'];

const actorOf = async (request: Request): Promise<DeviceActor> => {
  const staff = await staffOf(request);
  if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
  return { staffUserId: staff.staffUserId, email: staff.email, name: staff.name };
};

const deviceBody = (device: Device): DeviceView => ({
  Id: device.id,
  Name: device.name,
  PairedAt: device.pairedAt.toISOString(),
  LastSeenAt: device.lastSeenAt?.toISOString() ?? null,
  Active: device.active,
});

const withoutCsrf = (route: ReturnType<typeof defineRoute>) => {
  const options = route.options as RouteOptions;
  options.plugins = { ...options.plugins, csrf: false };
  return route;
};

export const devicesPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-devices',
  register: (server, { runtime }) => {
    const run = <A>(use: (devices: Devices['Service']) => Effect.Effect<A>) =>
      runtime.runPromise(Devices.use(use));

    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/admin/devices/pairingcode',
        summary:
          'A code that pairs one point-of-sale device (npm run bridge -- pair <server> <code>): 8 characters shown XXXX-XXXX, valid 10 minutes, once',
        tags,
        permission: 'print',
        payload: PairingCodeRequest,
        response: PairingCodeAnswer,
        handler: async ({ payload, request }) => {
          const actor = await actorOf(request);
          const issued = await run((devices) => devices.issueCode(payload.Name, actor));
          return { Code: issued.code, ExpiresAt: issued.expiresAt.toISOString() };
        },
      }),
      withoutCsrf(
        defineRoute({
          method: 'POST',
          path: '/api/devices/pair',
          summary:
            'The bridge trades a pairing code for its device session (a staff user of role PointOfSale): send Cookie <SessionCookie>=<Token> on every call. A wrong, used or expired code is refused',
          tags: ['devices'],
          payload: PairRequest,
          response: PairAnswer,
          handler: async ({ payload, request }) => {
            const agent: unknown = request.headers['user-agent'];
            const paired = await runtime.runPromise(
              Effect.result(
                pairDevice(payload.Code, {
                  address: request.info.remoteAddress || null,
                  userAgent: typeof agent === 'string' ? agent : null,
                }),
              ),
            );
            if (paired._tag === 'Failure')
              throw paired.failure._tag === 'PairingThrottled'
                ? Boom.tooManyRequests(paired.failure.message)
                : Boom.badRequest(PAIRING_CODE_REFUSED);
            const cookie = request.app.foyerSession?.cookies.session;
            if (!cookie) throw new Error('the session plugin is not registered');
            return {
              DeviceId: paired.success.deviceId,
              Name: paired.success.name,
              Token: paired.success.token,
              SessionCookie: cookie,
            };
          },
        }),
      ),
      defineRoute({
        method: 'GET',
        path: '/api/admin/devices',
        summary: 'The point-of-sale devices paired with Foyer, active or revoked',
        tags,
        permission: 'manageStaff',
        response: DevicesList,
        handler: async () => ({ Devices: (await run((devices) => devices.list())).map(deviceBody) }),
      }),
      defineRoute({
        method: 'DELETE',
        path: '/api/admin/devices/{id}',
        summary: 'Revokes a device: its sessions end at once and it can no longer act',
        tags,
        permission: 'manageStaff',
        params: DeviceParams,
        response: DeviceView,
        handler: async ({ params, request }) => {
          const actor = await actorOf(request);
          const revoked = await run((devices) => devices.revoke(params.id, actor));
          if (!revoked) throw Boom.notFound('This device was not found.');
          return deviceBody(revoked);
        },
      }),
    ]);
  },
};
