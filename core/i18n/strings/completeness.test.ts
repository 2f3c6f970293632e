import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tableProblems } from './completeness.ts';
import { stringTables, supportedStringLocales, type StringArea } from './index.ts';

const areas: readonly StringArea[] = ['consumer', 'admin'];
const translations = supportedStringLocales.filter((locale) => locale !== 'en');

describe('every string table is whole', () => {
  for (const area of areas)
    for (const locale of translations)
      it(`${area} in ${locale}: every English key, the same placeholders, no English left`, () => {
        expect(tableProblems(stringTables[area].en, stringTables[area][locale], locale)).toEqual([]);
      });
});

describe('the completeness check', () => {
  const english = {
    'basket.title': 'Your basket',
    'basket.count_one': '{{count}} ticket',
    'basket.count_other': '{{count}} tickets',
    'pay.card': 'Pay by card with Stripe',
  };
  const japanese = {
    'basket.title': 'カート',
    'basket.count_one': 'チケット{{count}}枚',
    'basket.count_other': 'チケット{{count}}枚',
    'pay.card': 'Stripeでカード決済',
  };

  it('passes a whole table', () => {
    expect(tableProblems(english, japanese, 'ja')).toEqual([]);
  });

  it('fails on a missing key', () => {
    const { 'basket.title': _, ...missing } = japanese;
    expect(tableProblems(english, missing, 'ja')).toEqual([{ kind: 'missingKey', key: 'basket.title' }]);
  });

  it('fails on a placeholder that differs', () => {
    const wrong = { ...japanese, 'basket.count_other': 'チケット{{n}}枚' };
    expect(tableProblems(english, wrong, 'ja').map((p) => p.kind)).toEqual(['placeholders']);
  });

  it('fails on an English string in ja, and on English copied into fr', () => {
    expect(tableProblems(english, { ...japanese, 'basket.title': 'Your basket' }, 'ja')).toEqual([
      { kind: 'english', key: 'basket.title', text: 'Your basket' },
    ]);
    expect(tableProblems(english, { ...japanese, 'basket.title': 'カート (basket)' }, 'ja')).toHaveLength(1);
    const french = {
      ...english,
      'basket.count_one': '{{count}} billet',
      'basket.count_other': '{{count}} billets',
    };
    expect(tableProblems(english, { ...french, 'pay.card': 'Payer par carte avec Stripe' }, 'fr')).toEqual([
      { kind: 'english', key: 'basket.title', text: 'Your basket' },
    ]);
  });

  it('lets a word a language shares with English stand (Total in French)', () => {
    expect(tableProblems({ total: 'Total' }, { total: 'Total' }, 'fr')).toEqual([]);
    expect(tableProblems({ total: 'Total' }, { total: 'Total' }, 'ja')).toHaveLength(1);
  });

  it('names exactly the keys removed from a whole table, and any key added', () => {
    const table = stringTables.consumer.ja;
    const keys = Object.keys(stringTables.consumer.en);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...keys), { maxLength: 5 }),
        fc.boolean(),
        (removed, addOne) => {
          const partial: Record<string, string> = Object.fromEntries(
            Object.entries(table).filter(([key]) => !removed.includes(key)),
          );
          if (addOne) partial['not.a.key'] = '余分';
          const problems = tableProblems(stringTables.consumer.en, partial, 'ja');
          expect(
            problems
              .filter((p) => p.kind === 'missingKey')
              .map((p) => p.key)
              .sort(),
          ).toEqual([...removed].sort());
          expect(problems.some((p) => p.kind === 'extraKey')).toBe(addOne);
        },
      ),
      { numRuns: 50 },
    );
  });
});
