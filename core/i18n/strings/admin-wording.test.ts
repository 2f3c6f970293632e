import { describe, expect, it } from 'vitest';
import { stringTables, supportedStringLocales } from './index.ts';

// Rules about what some of the box office's words say, in every language.

const admin = (locale: (typeof supportedStringLocales)[number]): Readonly<Record<string, string>> =>
  stringTables.admin[locale];

describe('the box office words', () => {
  for (const locale of supportedStringLocales) {
    it(`${locale}: a link's accessible name starts with its visible text (axe label-content-name-mismatch)`, () => {
      const words = admin(locale);
      expect(words['checkin.linkFor']!.startsWith(words['checkin.link']!)).toBe(true);
    });
  }

  it('no longer says that selling is coming soon, nor that a placeholder page is about selling', () => {
    const en = admin('en');
    expect(en['adminHome.sellAreaBody']).not.toMatch(/coming soon/i);
    expect(en['admin.comingSoon']).toBe('This page is not built yet');
    expect(en['admin.comingSoonBody']).not.toMatch(/selling|not open yet/i);
  });
});
