import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTemplateSettings, TICKET_LIMIT_MAX } from './template-settings.ts';
import { settingsFactory } from './test-templates.ts';

describe('a template form', () => {
  it('is accepted with an English display name, a code and a name; the code upper-cased', () => {
    const checked = checkTemplateSettings(settingsFactory({ code: 'winter26', soldOutHeader: '  ' }));
    expect(checked).toMatchObject({ ok: true, englishIncomplete: false });
    if (checked.ok) {
      expect(checked.settings.code).toBe('WINTER26');
      expect(checked.settings.soldOutHeader).toBeNull();
    }
  });

  it('names every refused field: code, name, English display name, ticket limit', () => {
    const checked = checkTemplateSettings(
      settingsFactory({
        code: 'no spaces',
        name: ' ',
        texts: { en: { displayName: '', description: null, confirmationEmailText: null } },
        orderTicketLimit: 0,
      }),
    );
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.problems.map((p) => p.field)).toEqual([
        'Code',
        'Name',
        'Texts.en.DisplayName',
        'OrderTicketLimit',
      ]);
  });

  it('takes a ticket limit from 1 to the maximum, and no other', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: TICKET_LIMIT_MAX + 5 }), (limit) => {
        const checked = checkTemplateSettings(settingsFactory({ orderTicketLimit: limit }));
        expect(checked.ok).toBe(limit >= 1 && limit <= TICKET_LIMIT_MAX);
      }),
    );
  });

  it('sets the warning when French has a description English lacks, and still saves', () => {
    const checked = checkTemplateSettings(
      settingsFactory({
        texts: {
          en: { displayName: 'Winter', description: null, confirmationEmailText: null },
          fr: { displayName: 'Hiver', description: 'Une soirée', confirmationEmailText: null },
        },
      }),
    );
    expect(checked).toMatchObject({ ok: true, englishIncomplete: true });
  });
});
