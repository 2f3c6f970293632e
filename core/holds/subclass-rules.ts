// Hold classes and subclasses as staff name and archive them. Archiving a subclass that still
// holds seats says where those seats go: another live subclass, or open (null).

export const MAX_HOLD_NAME = 60;

export type NameCheck =
  { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

/** A name trimmed, not empty, at most MAX_HOLD_NAME characters. */
export const checkHoldName = (raw: string): NameCheck => {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: false, reason: 'Please enter a name.' };
  if (name.length > MAX_HOLD_NAME)
    return { ok: false, reason: `At most ${MAX_HOLD_NAME} characters, please.` };
  return { ok: true, name };
};

export interface SubclassState {
  readonly id: number;
  readonly isArchived: boolean;
}

export type ReassignCheck =
  | { readonly ok: true; readonly target: number | null }
  | { readonly ok: false; readonly reason: 'self' | 'unknown' | 'archived' };

/** Where an archived subclass's held seats may go: open, or another subclass that is not archived. */
export const checkReassignment = (
  archiving: SubclassState,
  target: number | null,
  subclasses: ReadonlyMap<number, SubclassState>,
): ReassignCheck => {
  if (target === null) return { ok: true, target };
  if (target === archiving.id) return { ok: false, reason: 'self' };
  const chosen = subclasses.get(target);
  if (!chosen) return { ok: false, reason: 'unknown' };
  if (chosen.isArchived) return { ok: false, reason: 'archived' };
  return { ok: true, target };
};
