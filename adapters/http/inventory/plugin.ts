import type { Plugin } from '@hapi/hapi';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';
import { parseHoldSubclassIds } from '../../../core/inventory/event-inventory.ts';
import { viewInventory } from '../../../core/inventory/view-inventory.ts';
import { consumerPricing, staffPricing } from '../../../core/pricing/view-pricing.ts';
import { defineRoute, runUseCase } from '../route.ts';
import type { AppRuntime } from '../../wiring.ts';
import { ConsumerPricingQuery, EventInventory, EventInventoryQuery, Pricing } from '../contract/inventory.ts';
import { createSnapshotCache, type Snapshot, type SnapshotCache } from './snapshot-cache.ts';
import { createReadCache } from '../read-cache.ts';
import { identityOf, mayDo } from '../accounts/session.ts';
import { customerLookupOf } from '../basket/caller.ts';

const gzipAsync = promisify(gzip);

const EventIdParams = z.object({
  id: z.coerce
    .number({ error: 'must be an event id' })
    .int('must be an event id')
    .positive('must be an event id')
    .max(2_147_483_647, 'must be an event id'),
});

export interface InventoryPluginOptions {
  readonly runtime: AppRuntime;
  /**
   * How long a seat map snapshot may be served while this node does not hear the event's seat
   * changes (default 1000 ms; 0 disables the cache); 30 s once it does (snapshot-cache.ts).
   */
  readonly snapshotTtlMs?: number | undefined;
  /** How long a price answer may be served (default 1000 ms; 0: always read). */
  readonly pricingTtlMs?: number | undefined;
  readonly snapshots?: SnapshotCache;
}

/** server.plugins['foyer-inventory'].snapshots: the seat change feed invalidates through it. */
export interface InventoryPluginApi {
  readonly snapshots: SnapshotCache;
}

export const inventoryPlugin: Plugin<InventoryPluginOptions> = {
  name: 'foyer-inventory',
  register: (server, { runtime, snapshotTtlMs, pricingTtlMs, snapshots: given }) => {
    const snapshots = given ?? createSnapshotCache({ ttlMs: snapshotTtlMs });
    // A seat map's prices, the same for every buyer with the same codes (read-cache.ts). Keyed by
    // view first: the box office's answer (every price type) is never served to a consumer.
    const prices = createReadCache({ ttlMs: pricingTtlMs });
    const consumerPrices = (
      eventId: number,
      codes: { promoCode?: string | undefined; groupCode?: string | undefined },
      customer: { id: number; lookup: ReturnType<typeof customerLookupOf> } | null,
      member: ReturnType<typeof customerLookupOf> | null = null,
    ) =>
      // A code restricted to customer tags prices differently for each customer: their answers
      // are kept apart from everyone else's.
      prices.get(
        JSON.stringify([
          'Consumer',
          eventId,
          codes.promoCode,
          codes.groupCode,
          customer?.id ?? null,
          member ? `member-${customer?.id}` : null,
        ]),
        () =>
          runUseCase(
            runtime,
            consumerPricing({
              eventId,
              promoCode: codes.promoCode,
              groupCode: codes.groupCode,
              ...(customer ? { customer: customer.lookup } : {}),
              ...(member ? { member } : {}),
            }),
          ),
      );
    server.expose('snapshots', snapshots);

    const buildSnapshot = async (
      eventId: number,
      salesChannel: string,
      holdSubclassIds: string,
      staff: boolean,
    ): Promise<Snapshot> => {
      const view = await runUseCase(
        runtime,
        viewInventory({ eventId, salesChannel, holdSubclassIds, staff }),
      );
      const body = Buffer.from(JSON.stringify(view));
      return { body, gzip: await gzipAsync(body), version: view.Version };
    };

    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/eventinventory/{id}',
        summary: "The seat map's live layer: every seat's status for this sales channel, GA availability",
        tags: ['inventory'],
        params: EventIdParams,
        query: EventInventoryQuery,
        response: EventInventory,
        handler: async ({ params, query, request, h }) => {
          const holdSubclassIds = [...parseHoldSubclassIds(query.holdSubclassIds)]
            .sort((a, b) => a - b)
            .join(',');
          const salesChannel = query.salesChannel.toLowerCase();
          // Kept apart for staff: a box-office view built for them is never served to anyone else.
          const staff = await mayDo(request, 'sell');
          const key = `${salesChannel}|${holdSubclassIds}|${staff ? 'staff' : 'public'}`;
          const snapshot = await snapshots.get(params.id, key, () =>
            buildSnapshot(params.id, salesChannel, holdSubclassIds, staff),
          );
          // Gzipped once per snapshot, not once per request: hapi's own compression is bypassed.
          const gzipped = request.info.acceptEncoding === 'gzip';
          const response = h
            .response(gzipped ? snapshot.gzip : snapshot.body)
            .type('application/json; charset=utf-8')
            .header('cache-control', 'no-store')
            .vary('accept-encoding')
            .etag(gzipped ? `${snapshot.version}-gzip` : snapshot.version);
          if (gzipped) response.compressed('gzip');
          return response;
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/eventinventory/pricing/{id}',
        summary:
          'Price maps of an event: every price type (box office view) for a staff session that may sell; the consumer view to anyone else',
        tags: ['inventory'],
        params: EventIdParams,
        response: Pricing,
        handler: async ({ params, request }) =>
          (await mayDo(request, 'sell'))
            ? prices.get(JSON.stringify(['Staff', params.id]), () =>
                runUseCase(runtime, staffPricing(params.id)),
              )
            : consumerPrices(params.id, {}, null),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/eventinventory/pricing/{id}/consumer',
        summary:
          'Price maps of an event for consumers, discounted by a valid promotion code (401 a code for signed-in customers, 403 one the customer lacks the tag for)',
        tags: ['inventory'],
        params: EventIdParams,
        query: ConsumerPricingQuery,
        response: Pricing,
        handler: async ({ params, query, request }) => {
          // Who is asking matters only with a code, and only for a signed-in customer; member
          // price types only when userId names the signed-in customer (core/memberships/member-pricing.ts).
          const identity = query.promoCode || query.userId ? await identityOf(request) : null;
          const customer = identity?.kind === 'customer' ? identity : null;
          const member = customer !== null && query.userId === customer.customerId;
          return consumerPrices(
            params.id,
            query,
            customer ? { id: customer.customerId, lookup: customerLookupOf(runtime, request) } : null,
            member ? customerLookupOf(runtime, request) : null,
          );
        },
      }),
    ]);
  },
};
