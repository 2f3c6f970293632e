import { gaMaxAvailable, type GaSectionState } from '../../inventory/ga-availability.ts';

// A GA quantity is limited by the section's remaining availability (and, with the seats, by the
// ticket limit: ticket-limit.ts): held + sold never exceed capacity. The store calls this with the
// section rows locked, so the answer stays true until the holds are written.

export interface GaSectionNow extends GaSectionState {
  readonly key: string;
}

export interface GaQuantity {
  readonly sectionKey: string;
  readonly quantity: number;
}

/** Section keys asked for more places than they have left (all requests to a section summed). */
export const gaShortfall = (requests: readonly GaQuantity[], sections: readonly GaSectionNow[]): string[] => {
  const wanted = new Map<string, number>();
  for (const r of requests) wanted.set(r.sectionKey, (wanted.get(r.sectionKey) ?? 0) + r.quantity);
  const short: string[] = [];
  for (const [key, quantity] of wanted) {
    const section = sections.find((s) => s.key === key);
    if (!section || quantity > gaMaxAvailable(section)) short.push(key);
  }
  return short;
};
