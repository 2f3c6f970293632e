import { Effect } from 'effect';
import { announce } from '../basket/basket-answer.ts';
import { HoldInputInvalid, HoldSubclassNotFound } from './errors.ts';
import { outcomeFor, summarize, type HoldAction, type SeatNow } from './hold-action.ts';
import { HoldsStore, type HoldsActor, type SubclassChange } from './ports.ts';
import { checkHoldName, checkReassignment } from './subclass-rules.ts';

// The Holds page's use cases (permission manageHolds, checked by the HTTP adapter): hold classes
// and subclasses, and putting a performance's seats on hold, releasing and moving them. Every
// refusal changes nothing; every change is audited by the store in its transaction, and every
// seat changed is announced so open seat maps repaint it.

/** Most seats one apply may name: a whole 20,000-seat arena and then some. */
export const MAX_APPLY_SEATS = 25_000;

/** Open seat maps repaint the seats (core/basket/basket-answer.ts); a lost announcement never undoes the change. */
const announceSeats = (eventId: number, keys: readonly string[], status: 'Open' | 'Hold') =>
  announce([{ eventId, keys, status }]);

const invalid = (field: string, reason: string) => Effect.fail(new HoldInputInvalid({ field, reason }));

export const listHoldClasses = () => HoldsStore.use((store) => store.classes());

export const listHoldSubclasses = () => HoldsStore.use((store) => store.subclasses());

export const createHoldClass = (rawName: string, by: HoldsActor) =>
  Effect.gen(function* () {
    const name = checkHoldName(rawName);
    if (!name.ok) return yield* invalid('Name', name.reason);
    return yield* HoldsStore.use((store) => store.createClass(name.name, by));
  });

export const createHoldSubclass = (
  input: { readonly name: string; readonly holdClassId: number; readonly isKill: boolean },
  by: HoldsActor,
) =>
  Effect.gen(function* () {
    const name = checkHoldName(input.name);
    if (!name.ok) return yield* invalid('Name', name.reason);
    return yield* HoldsStore.use((store) => store.createSubclass({ ...input, name: name.name }, by));
  });

export const updateHoldSubclass = (id: number, version: number, change: SubclassChange, by: HoldsActor) =>
  Effect.gen(function* () {
    let checked: SubclassChange = change;
    if (change.name !== undefined) {
      const name = checkHoldName(change.name);
      if (!name.ok) return yield* invalid('Name', name.reason);
      checked = { ...checked, name: name.name };
    }
    const all = yield* HoldsStore.use((store) => store.subclasses());
    const current = all.find((s) => s.id === id);
    if (!current) return yield* Effect.fail(new HoldSubclassNotFound({ subclassId: id }));
    if (change.isArchived === true && !current.isArchived) {
      if (change.assignSeatsTo === undefined && current.heldSeats > 0)
        return yield* invalid(
          'AssignSeatsToSubclassID',
          'This subclass still holds seats: choose the subclass they move to, or null to open them.',
        );
      const target = checkReassignment(
        current,
        change.assignSeatsTo ?? null,
        new Map(all.map((s) => [s.id, s])),
      );
      if (!target.ok)
        return yield* invalid(
          'AssignSeatsToSubclassID',
          target.reason === 'self'
            ? 'Seats cannot move to the subclass being archived.'
            : target.reason === 'archived'
              ? 'That subclass is archived; choose a live one.'
              : 'There is no such hold subclass.',
        );
    } else if (change.assignSeatsTo !== undefined) {
      checked = { ...checked, assignSeatsTo: undefined };
    }
    const updated = yield* HoldsStore.use((store) => store.updateSubclass(id, version, checked, by));
    const target = change.assignSeatsTo ?? null;
    yield* Effect.forEach(updated.moved, (m) =>
      announceSeats(m.eventId, m.keys, target === null ? 'Open' : 'Hold'),
    );
    return updated;
  });

/** Holds, releases or moves the named seats of one performance; answers what was applied and skipped. */
export const applyHolds = (eventId: number, keys: readonly string[], action: HoldAction, by: HoldsActor) =>
  Effect.gen(function* () {
    const distinct = [...new Set(keys)];
    if (distinct.length === 0) return yield* invalid('Seats', 'Please choose at least one seat.');
    if (distinct.length > MAX_APPLY_SEATS)
      return yield* invalid('Seats', `At most ${MAX_APPLY_SEATS} seats at a time, please.`);
    if (action.kind !== 'release') {
      const all = yield* HoldsStore.use((store) => store.subclasses());
      const target = all.find((s) => s.id === action.subclassId);
      if (!target) return yield* invalid('HoldSubclassID', 'There is no such hold subclass.');
      if (target.isArchived)
        return yield* invalid('HoldSubclassID', 'That subclass is archived; choose a live one.');
    }
    const locked = yield* HoldsStore.use((store) => store.applyToEvent(eventId, distinct, action, by));
    // The statement and the rule must agree seat by seat; a disagreement is a fault, not an answer.
    const disagree = locked.find((s) => outcomeFor(s, action).apply !== s.applied);
    if (disagree)
      return yield* Effect.die(new Error(`hold statement and rule disagree on seat ${disagree.key}`));
    const found = new Map<string, SeatNow>(locked.map((s) => [s.key, s]));
    const summary = summarize(distinct, found, action);
    if (summary.applied.length > 0)
      yield* announceSeats(eventId, summary.applied, action.kind === 'release' ? 'Open' : 'Hold');
    return summary;
  });
