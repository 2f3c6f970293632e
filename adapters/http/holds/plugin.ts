import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import type { HoldAction } from '../../../core/holds/hold-action.ts';
import {
  applyHolds,
  createHoldClass,
  createHoldSubclass,
  listHoldClasses,
  listHoldSubclasses,
  updateHoldSubclass,
} from '../../../core/holds/holds.ts';
import type { HoldSubclass } from '../../../core/holds/ports.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  EventHoldsAnswer,
  EventHoldsApply,
  HoldClassCreate,
  HoldClassView,
  HoldIdParams,
  HoldSubclassCreate,
  HoldSubclassUpdate,
  HoldSubclassView,
} from '../contract/holds.ts';
import { defineRoute } from '../route.ts';
import { runHolds } from './refusals.ts';

// Holds for staff who manage them (core/holds/holds.ts): hold classes and subclasses, and putting
// one performance's seats on hold, releasing and moving them.

const tags = ['admin', 'holds'];
const permission = 'manageHolds' as const;

/** The signed-in staff member (the route's permission has been checked already). */
const actorOf = async (request: Request) => {
  const staff = await staffOf(request);
  if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
  return { staffUserId: staff.staffUserId, email: staff.email };
};

const subclassView = (s: HoldSubclass): HoldSubclassView => ({
  ID: s.id,
  Name: s.name,
  HoldClassID: s.holdClass.id,
  IsKill: s.isKill,
  IsArchived: s.isArchived,
  HoldClass: { ID: s.holdClass.id, Name: s.holdClass.name },
  Version: s.version,
  HeldSeats: s.heldSeats,
});

export const holdsPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-holds',
  dependencies: ['foyer-session'],
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/holdclasses',
        summary: 'The hold classes, by name',
        tags,
        permission,
        handler: async () =>
          (await runHolds(runtime, listHoldClasses())).map((c): HoldClassView => ({
            ID: c.id,
            Name: c.name,
          })),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/holdclasses',
        summary: 'Add a hold class. 201 the class; 400 names the field; 409 when the name is taken',
        tags,
        permission,
        payload: HoldClassCreate,
        response: HoldClassView,
        handler: async ({ payload, request, h }) => {
          const made = await runHolds(runtime, createHoldClass(payload.Name, await actorOf(request)));
          return h.response({ ID: made.id, Name: made.name }).code(201).header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/holdsubclasses',
        summary: 'Every hold subclass with its class and its held seats; archived ones too (IsArchived)',
        tags,
        permission,
        handler: async () => (await runHolds(runtime, listHoldSubclasses())).map(subclassView),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/holdsubclasses',
        summary:
          'Add a hold subclass to a class. 201 the subclass; 400 names the field; 409 when the name is taken',
        tags,
        permission,
        payload: HoldSubclassCreate,
        response: HoldSubclassView,
        handler: async ({ payload, request, h }) => {
          const made = await runHolds(
            runtime,
            createHoldSubclass(
              { name: payload.Name, holdClassId: payload.HoldClassID, isKill: payload.IsKill },
              await actorOf(request),
            ),
          );
          return h.response(subclassView(made)).code(201).header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/holdsubclasses/{id}',
        summary:
          'Rename a hold subclass, set its kill flag, or archive it: every seat held on it, in every performance, moves to AssignSeatsToSubclassID (null: open) in one transaction. 409 when Version is stale',
        tags,
        permission,
        params: HoldIdParams,
        payload: HoldSubclassUpdate,
        response: HoldSubclassView,
        handler: async ({ params, payload, request }) => {
          const updated = await runHolds(
            runtime,
            updateHoldSubclass(
              params.id,
              payload.Version,
              {
                ...(payload.Name === undefined ? {} : { name: payload.Name }),
                ...(payload.IsKill === undefined ? {} : { isKill: payload.IsKill }),
                ...(payload.IsArchived === undefined ? {} : { isArchived: payload.IsArchived }),
                ...(payload.AssignSeatsToSubclassID === undefined
                  ? {}
                  : { assignSeatsTo: payload.AssignSeatsToSubclassID }),
              },
              await actorOf(request),
            ),
          );
          return subclassView(updated.subclass);
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/event/{id}/holds',
        summary:
          "Hold a performance's seats on a subclass, release them to open, or move held seats to another subclass. A seat in a customer's basket, sold or reserved is never changed: the answer counts what was applied and what was skipped, and why",
        tags,
        permission,
        params: HoldIdParams,
        payload: EventHoldsApply,
        response: EventHoldsAnswer,
        handler: async ({ params, payload, request }): Promise<EventHoldsAnswer> => {
          const action: HoldAction =
            payload.Action === 'release'
              ? { kind: 'release' }
              : { kind: payload.Action, subclassId: payload.HoldSubclassID! };
          const summary = await runHolds(
            runtime,
            applyHolds(params.id, payload.Seats, action, await actorOf(request)),
          );
          return {
            Action: payload.Action,
            HoldSubclassID: action.kind === 'release' ? null : action.subclassId,
            Applied: summary.applied.length,
            AppliedSeats: [...summary.applied],
            Skipped: summary.skipped.map((g) => ({
              Reason: g.reason,
              Count: g.keys.length,
              Seats: [...g.keys],
            })),
          };
        },
      }),
    ]);
  },
};
