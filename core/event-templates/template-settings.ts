import { checkTemplateCode, CODE_REASONS } from './template-code.ts';
import { englishProblems, tidyTexts, type TemplateTexts } from './template-texts.ts';

// What staff set on a template's form, and the check it passes before anything is stored: every
// problem names its field (the API's name for it), so the screen can put the words beside it.

export interface TemplateSettings {
  readonly code: string;
  readonly name: string;
  readonly texts: TemplateTexts;
  /** The seat map new performances are put on; null: none chosen yet. */
  readonly venueConfigurationId: number | null;
  readonly orderTicketLimit: number;
  readonly ticketLimitMessage: string | null;
  readonly isCalendarView: boolean;
  readonly noBestAvailable: boolean;
  readonly hideFeesUntilCheckout: boolean;
  readonly soldOutHeader: string | null;
  readonly soldOutMessage: string | null;
  readonly adaAgreement: string | null;
}

export interface FieldProblem {
  readonly field: string;
  readonly reason: string;
}

export const TICKET_LIMIT_MAX = 100;
export const NAME_MAX_LENGTH = 200;

const optional = (value: string | null): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export type SettingsCheck =
  | { readonly ok: true; readonly settings: TemplateSettings; readonly englishIncomplete: boolean }
  | { readonly ok: false; readonly problems: readonly FieldProblem[] };

/** The settings tidied (code upper-cased, blanks as null), or every problem with its field. */
export const checkTemplateSettings = (input: TemplateSettings): SettingsCheck => {
  const problems: FieldProblem[] = [];
  const code = checkTemplateCode(input.code);
  if (!code.ok) problems.push({ field: 'Code', reason: CODE_REASONS[code.reason] });
  const name = input.name.trim();
  if (name === '') problems.push({ field: 'Name', reason: 'Please enter a name.' });
  else if (name.length > NAME_MAX_LENGTH)
    problems.push({ field: 'Name', reason: `A name has at most ${NAME_MAX_LENGTH} characters.` });
  const texts = tidyTexts(input.texts);
  const english = englishProblems(texts);
  if (english.includes('displayNameMissing'))
    problems.push({ field: 'Texts.en.DisplayName', reason: 'Please enter the display name in English.' });
  if (
    !Number.isInteger(input.orderTicketLimit) ||
    input.orderTicketLimit < 1 ||
    input.orderTicketLimit > TICKET_LIMIT_MAX
  )
    problems.push({
      field: 'OrderTicketLimit',
      reason: `The ticket limit per order is a whole number from 1 to ${TICKET_LIMIT_MAX}.`,
    });
  if (problems.length > 0 || !code.ok) return { ok: false, problems };
  return {
    ok: true,
    englishIncomplete: english.length > 0,
    settings: {
      ...input,
      code: code.code,
      name,
      texts,
      ticketLimitMessage: optional(input.ticketLimitMessage),
      soldOutHeader: optional(input.soldOutHeader),
      soldOutMessage: optional(input.soldOutMessage),
      adaAgreement: optional(input.adaAgreement),
    },
  };
};
