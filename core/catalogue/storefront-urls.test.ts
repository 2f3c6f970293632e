import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { selectSeatsUrl, urlSafeName } from './storefront-urls.ts';

describe('storefront paths', () => {
  it('leads to the seat map, or to best available for heavy on-sale events', () => {
    expect(selectSeatsUrl('HAMLET', 12, false)).toBe('/tickets/series/HAMLET/12');
    expect(selectSeatsUrl('AURORA', 7, true)).toBe('/tickets/series/AURORA/7/bestAvailable');
  });

  it('keeps any series code inside one path segment', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1 }), fc.boolean(), (code, id, heavy) => {
        const url = selectSeatsUrl(code, id, heavy);
        const segments = url.split('/');
        expect(segments.slice(0, 3)).toEqual(['', 'tickets', 'series']);
        expect(decodeURIComponent(segments[3]!)).toBe(code);
        expect(segments[4]).toBe(String(id));
        expect(segments.length).toBe(heavy ? 6 : 5);
      }),
    );
  });

  it('makes names url-safe', () => {
    expect(urlSafeName('Hamlet: Opening Night!')).toBe('hamlet-opening-night');
    expect(urlSafeName('Café Müller & Friends')).toBe('cafe-muller-and-friends');
    expect(urlSafeName('!!!')).toBe('event');
  });

  it('gives a lower-case slug of letters, digits and single hyphens for any name', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const slug = urlSafeName(name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(80);
        expect(urlSafeName(slug)).toBe(slug);
      }),
    );
  });
});
