import { describe, expect, it } from 'vitest';
import { weekStartOf } from './week-start.ts';

describe('the first day of the calendar’s week', () => {
  it('is Sunday in the US and Monday in France, Germany and the UK', () => {
    expect(weekStartOf('en-US')).toBe(0);
    expect(weekStartOf('en')).toBe(0); // maximizes to en-Latn-US
    for (const locale of ['fr', 'fr-FR', 'de', 'en-GB', 'es-ES']) expect(weekStartOf(locale)).toBe(1);
  });

  it('falls back to Sunday for a tag it cannot read', () => {
    expect(weekStartOf('not a locale!')).toBe(0);
  });
});
