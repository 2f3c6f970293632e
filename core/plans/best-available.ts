import { Effect } from 'effect';

// Best available across a plan: the party sits together in every slot of the plan, or nowhere.
// `findInSlot` is the inventory's best-available search for one slot (a port, or a function over
// one): it proposes seats and holds nothing. The slots are searched in the plan's order and the
// search stops at the first slot that cannot seat the whole party; the answer then names that
// slot and proposes nothing, so the caller holds seats only when every slot has them, all at once.

export interface PlanSlotRef {
  readonly slotId: number;
  readonly eventId: number;
}

export type PlanBestAvailable<Seat> =
  | {
      readonly ok: true;
      /** One pick per slot, in the slots' order, each exactly `partySize` seats. */
      readonly picks: readonly { readonly slotId: number; readonly seats: readonly Seat[] }[];
    }
  | {
      readonly ok: false;
      /** The first slot that could not seat the party together. */
      readonly slotId: number;
      /** How many seats that slot's search found (fewer than the party, or more: not a pick). */
      readonly found: number;
    };

/** `partySize`: a whole number of 1 or more (a programming fault otherwise). */
export const planBestAvailable = <Seat, E, R>(
  slots: readonly PlanSlotRef[],
  partySize: number,
  findInSlot: (slot: PlanSlotRef, partySize: number) => Effect.Effect<readonly Seat[], E, R>,
): Effect.Effect<PlanBestAvailable<Seat>, E, R> =>
  Effect.gen(function* () {
    if (!Number.isSafeInteger(partySize) || partySize < 1)
      throw new RangeError(`A party is 1 or more people; got ${partySize}`);
    const picks: { slotId: number; seats: readonly Seat[] }[] = [];
    for (const slot of slots) {
      const seats = yield* findInSlot(slot, partySize);
      if (seats.length !== partySize) return { ok: false, slotId: slot.slotId, found: seats.length } as const;
      picks.push({ slotId: slot.slotId, seats });
    }
    return { ok: true, picks } as const;
  });
