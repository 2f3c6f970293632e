import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventTemplateView } from '../../../../adapters/http/contract/event-templates.ts';
import {
  emptyForm,
  englishInvalid,
  englishLacksWords,
  fieldsOf,
  formOf,
  formProblems,
  matchesFilter,
} from './template-form.ts';

const filled = () => {
  const form = emptyForm();
  form.code = 'gala';
  form.name = 'Gala';
  form.texts.en.displayName = 'The Gala';
  return form;
};

describe('the template form', () => {
  it('a filled form has no problems and its fields read back as the same form', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{1,20}$/), fc.integer({ min: 1, max: 100 }), (code, limit) => {
        const form = filled();
        form.code = code;
        form.ticketLimit = String(limit);
        form.texts.fr.description = 'Une soirée';
        expect(formProblems(form)).toEqual([]);
        const view = EventTemplateView.parse({
          ...fieldsOf(form),
          ID: 1,
          Version: 1,
          IsArchived: false,
          EnglishIncomplete: false,
          ImageUrl: null,
          MobileImageUrl: null,
          Venue: null,
          Performances: 0,
        });
        expect(formOf(view)).toEqual(form);
      }),
    );
  });

  it('names each refused field in the order of the form', () => {
    const form = emptyForm();
    form.ticketLimit = '0';
    expect(formProblems(form).map((p) => p.field)).toEqual(['code', 'name', 'displayName', 'ticketLimit']);
  });

  it('flags English when a French description has no English one', () => {
    const form = filled();
    expect(englishInvalid(form)).toBe(false);
    form.texts.fr.description = 'Une soirée';
    expect(englishInvalid(form)).toBe(true);
    expect(englishLacksWords(form)).toBe(true);
    // An empty form lacks its display name (the tab's flag) but no words others have.
    expect(englishInvalid(emptyForm())).toBe(true);
    expect(englishLacksWords(emptyForm())).toBe(false);
  });

  it('filters on every word, in any case, across code, names and venue', () => {
    const t = {
      Code: 'HAMLET',
      Name: 'Hamlet',
      DisplayName: 'Hamlet',
      Venue: { VenueName: 'The Grand Theatre', ConfigurationName: 'Main' },
    };
    expect(matchesFilter(t, 'grand ham')).toBe(true);
    expect(matchesFilter(t, 'arena')).toBe(false);
    expect(matchesFilter(t, '  ')).toBe(true);
  });
});
