import { Data } from 'effect';

// What adding and editing performances refuses, each with the data its words need.

/** Someone saved in between: the save was refused and nothing was overwritten. */
export class StaleEdit extends Data.TaggedError('StaleEdit')<{
  readonly what: 'prices' | 'performance' | 'priceType';
}> {}

/** The template names no seat map, so its performances would have no seats. */
export class NoSeatMap extends Data.TaggedError('NoSeatMap')<{ readonly templateId: number }> {}
