import type { EventRef } from './season-file.ts';

// The natural keys of a season file's records (catalogue.ts): what names a row in the file and
// in the database alike.

/** A record's key: its natural key's parts, unambiguous whatever they contain. */
export const keyOf = (...parts: readonly (string | number | null)[]) => JSON.stringify(parts);

export const eventKey = (ref: EventRef) => keyOf(ref.template, ref.startsAt);
export const configurationKey = (venue: string, name: string) => keyOf(venue, name);
/** Promotion codes, like membership codes, are unique whatever their case. */
export const promotionKey = (p: { readonly code: string | null; readonly displayName: string }) =>
  p.code === null ? keyOf('name', p.displayName) : keyOf('code', p.code.toLowerCase());
export const productKey = (p: {
  readonly name: string;
  readonly template: string | null;
  readonly event: EventRef | null;
}) =>
  p.event
    ? keyOf('event', p.event.template, p.event.startsAt, p.name)
    : p.template !== null
      ? keyOf('template', p.template, p.name)
      : keyOf('house', p.name);
