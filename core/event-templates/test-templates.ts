import fc from 'fast-check';
import { LANGUAGE_CODES } from '../i18n/languages.ts';
import type { TemplateSettings } from './template-settings.ts';
import type { TemplateText, TemplateTexts } from './template-texts.ts';

// Small factories and generators for the event templates' tests.

export const settingsFactory = (overrides: Partial<TemplateSettings> = {}): TemplateSettings => ({
  code: 'WINTER',
  name: 'Winter gala',
  texts: {
    en: { displayName: 'The Winter Gala', description: 'An evening of music.', confirmationEmailText: null },
  },
  venueConfigurationId: null,
  orderTicketLimit: 12,
  ticketLimitMessage: null,
  isCalendarView: true,
  noBestAvailable: false,
  hideFeesUntilCheckout: false,
  soldOutHeader: null,
  soldOutMessage: null,
  adaAgreement: null,
  ...overrides,
});

const maybeText = fc.option(fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 12 })), {
  nil: null,
});

export const textArbitrary: fc.Arbitrary<TemplateText> = fc.record({
  displayName: maybeText,
  description: maybeText,
  confirmationEmailText: maybeText,
});

export const textsArbitrary: fc.Arbitrary<TemplateTexts> = fc.dictionary(
  fc.constantFrom(...LANGUAGE_CODES),
  textArbitrary,
) as fc.Arbitrary<TemplateTexts>;
