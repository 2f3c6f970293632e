import type {
  EventTemplateFields,
  EventTemplateView,
  TemplateLanguage,
} from '../../../../adapters/http/contract/event-templates.ts';
import { TEMPLATE_LANGUAGES } from '../../../../adapters/http/contract/event-templates.ts';
import { checkTemplateCode } from '../../../../core/event-templates/template-code.ts';
import { englishProblems } from '../../../../core/event-templates/template-texts.ts';

// The template form's state as typed (strings), to and from the API's fields, and the checks the
// screen makes before sending (the server makes them again). Pure.

export interface TextForm {
  displayName: string;
  description: string;
  emailText: string;
}

export interface TemplateForm {
  code: string;
  name: string;
  texts: Record<TemplateLanguage, TextForm>;
  venueId: string;
  configurationId: string;
  ticketLimit: string;
  ticketLimitMessage: string;
  isCalendarView: boolean;
  noBestAvailable: boolean;
  hideFees: boolean;
  soldOutHeader: string;
  soldOutMessage: string;
  adaAgreement: string;
}

/** The form's fields that can be refused, each with the admin string key of its words. */
export type FormField = 'code' | 'name' | 'displayName' | 'ticketLimit' | 'configurationId';

const emptyTexts = (): Record<TemplateLanguage, TextForm> =>
  Object.fromEntries(
    TEMPLATE_LANGUAGES.map((l) => [l, { displayName: '', description: '', emailText: '' }]),
  ) as Record<TemplateLanguage, TextForm>;

export const emptyForm = (): TemplateForm => ({
  code: '',
  name: '',
  texts: emptyTexts(),
  venueId: '',
  configurationId: '',
  ticketLimit: '12',
  ticketLimitMessage: '',
  isCalendarView: true,
  noBestAvailable: false,
  hideFees: false,
  soldOutHeader: '',
  soldOutMessage: '',
  adaAgreement: '',
});

export const formOf = (view: EventTemplateView): TemplateForm => {
  const texts = emptyTexts();
  for (const language of TEMPLATE_LANGUAGES) {
    const t = view.Texts[language];
    if (t)
      texts[language] = {
        displayName: t.DisplayName ?? '',
        description: t.Description ?? '',
        emailText: t.ConfirmationEmailText ?? '',
      };
  }
  return {
    code: view.Code,
    name: view.Name,
    texts,
    venueId: view.Venue ? String(view.Venue.VenueId) : '',
    configurationId: view.VenueConfigurationId ? String(view.VenueConfigurationId) : '',
    ticketLimit: String(view.OrderTicketLimit),
    ticketLimitMessage: view.TicketLimitMessage ?? '',
    isCalendarView: view.IsCalendarView,
    noBestAvailable: view.NoBestAvailable,
    hideFees: view.HideFeesUntilCheckout,
    soldOutHeader: view.SoldOutHeader ?? '',
    soldOutMessage: view.SoldOutMessage ?? '',
    adaAgreement: view.ADAAgreement ?? '',
  };
};

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export const fieldsOf = (form: TemplateForm): EventTemplateFields => ({
  Code: form.code.trim().toUpperCase(),
  Name: form.name.trim(),
  Texts: Object.fromEntries(
    TEMPLATE_LANGUAGES.map((l) => [
      l,
      {
        DisplayName: orNull(form.texts[l].displayName),
        Description: orNull(form.texts[l].description),
        ConfirmationEmailText: orNull(form.texts[l].emailText),
      },
    ]),
  ),
  VenueConfigurationId: form.configurationId === '' ? null : Number(form.configurationId),
  OrderTicketLimit: Number(form.ticketLimit.trim()),
  TicketLimitMessage: orNull(form.ticketLimitMessage),
  IsCalendarView: form.isCalendarView,
  NoBestAvailable: form.noBestAvailable,
  HideFeesUntilCheckout: form.hideFees,
  SoldOutHeader: orNull(form.soldOutHeader),
  SoldOutMessage: orNull(form.soldOutMessage),
  ADAAgreement: orNull(form.adaAgreement),
});

const textsOf = (form: TemplateForm) =>
  Object.fromEntries(
    TEMPLATE_LANGUAGES.map((l) => [
      l,
      {
        displayName: form.texts[l].displayName,
        description: form.texts[l].description,
        confirmationEmailText: form.texts[l].emailText,
      },
    ]),
  );

/** The warning flag of the English tab: English lacks what is required or what others have. */
export const englishInvalid = (form: TemplateForm): boolean => englishProblems(textsOf(form)).length > 0;

/** English lacks words another language has (the warning the list shows once saved). */
export const englishLacksWords = (form: TemplateForm): boolean =>
  englishProblems(textsOf(form)).some((p) => p !== 'displayNameMissing');

/** The refused fields, in the form's order, with the admin string key of their words. */
export const formProblems = (form: TemplateForm): { field: FormField; key: string }[] => {
  const problems: { field: FormField; key: string }[] = [];
  if (!checkTemplateCode(form.code).ok) problems.push({ field: 'code', key: 'eventTemplates.err.code' });
  if (form.name.trim() === '') problems.push({ field: 'name', key: 'eventTemplates.err.name' });
  if (form.texts.en.displayName.trim() === '')
    problems.push({ field: 'displayName', key: 'eventTemplates.err.displayName' });
  const limit = form.ticketLimit.trim();
  if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 100)
    problems.push({ field: 'ticketLimit', key: 'eventTemplates.err.ticketLimit' });
  return problems;
};

/** The form field a server refusal names (its Field), if the form has it. */
export const formFieldOfServer = (field: unknown): FormField | null => {
  switch (field) {
    case 'Code':
      return 'code';
    case 'Name':
      return 'name';
    case 'Texts.en.DisplayName':
      return 'displayName';
    case 'OrderTicketLimit':
      return 'ticketLimit';
    case 'VenueConfigurationId':
      return 'configurationId';
    default:
      return null;
  }
};

/** Templates whose code, names or venue contain the filter's words, in any case. */
export const matchesFilter = (
  t: {
    Code: string;
    Name: string;
    DisplayName: string;
    Venue: { VenueName: string; ConfigurationName: string } | null;
  },
  filter: string,
): boolean => {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [t.Code, t.Name, t.DisplayName, t.Venue?.VenueName ?? '', t.Venue?.ConfigurationName ?? '']
    .join(' ')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
};
