import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copySettings, type CopyRequest } from './copy-rules.ts';
import { settingsFactory, textsArbitrary } from './test-templates.ts';

const request = (overrides: Partial<CopyRequest> = {}): CopyRequest => ({
  sourceId: 1,
  code: 'winter27',
  name: 'Winter 2027',
  displayName: 'The Winter Gala 2027',
  copyFees: false,
  copyPricing: false,
  copyPromos: false,
  ...overrides,
});

const codeArb = fc.stringMatching(/^[A-Za-z0-9]{1,20}$/);

describe('copying a template', () => {
  it('keeps every setting and every other language, with the new code, name and English display name', () => {
    fc.assert(
      fc.property(
        textsArbitrary,
        codeArb,
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== ''),
        fc.integer({ min: 1, max: 100 }),
        fc.boolean(),
        (texts, code, displayName, limit, noBest) => {
          const source = settingsFactory({
            texts,
            orderTicketLimit: limit,
            noBestAvailable: noBest,
            venueConfigurationId: 7,
          });
          const copied = copySettings(source, request({ code, displayName }));
          expect(copied.ok).toBe(true);
          if (!copied.ok) return;
          const { texts: copiedTexts, ...rest } = copied.settings;
          const { texts: sourceTexts, ...sourceRest } = source;
          expect(rest).toEqual({ ...sourceRest, code: code.toUpperCase(), name: 'Winter 2027' });
          expect(copiedTexts.en?.displayName).toBe(displayName.trim());
          expect(copiedTexts.en?.description).toBe(sourceTexts.en?.description ?? null);
          for (const language of ['fr', 'ko', 'pt', 'de', 'zh', 'ja', 'es'] as const)
            expect(copiedTexts[language]).toEqual(sourceTexts[language]);
        },
      ),
    );
  });

  it('refuses a bad code, an empty name or display name, naming each field', () => {
    const copied = copySettings(settingsFactory(), request({ code: 'WIN TER', name: '', displayName: ' ' }));
    expect(copied.ok).toBe(false);
    if (!copied.ok) expect(copied.problems.map((p) => p.field)).toEqual(['Code', 'Name', 'DisplayName']);
  });
});
