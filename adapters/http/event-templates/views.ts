import type { LanguageCode } from '../../../core/i18n/languages.ts';
import type {
  EventTemplate,
  TemplateSummary,
  TemplateVenue,
  VenueConfigurations,
} from '../../../core/event-templates/ports.ts';
import type { TemplateSettings } from '../../../core/event-templates/template-settings.ts';
import type { TemplateText } from '../../../core/event-templates/template-texts.ts';
import type {
  EventTemplateFields,
  EventTemplateSummary,
  EventTemplateView,
  TemplateTextFields,
  VenueConfigurationChoices,
} from '../contract/event-templates.ts';

// Templates between the API's words (adapters/http/contract/event-templates.ts) and the core's.

const venueView = (venue: TemplateVenue | null) =>
  venue && {
    VenueId: venue.venueId,
    VenueName: venue.venueName,
    ConfigurationName: venue.configurationName,
    TimeZone: venue.timeZone,
  };

const textView = (text: TemplateText): TemplateTextFields => ({
  DisplayName: text.displayName,
  Description: text.description,
  ConfirmationEmailText: text.confirmationEmailText,
});

export const fieldsView = (settings: TemplateSettings): EventTemplateFields => ({
  Code: settings.code,
  Name: settings.name,
  Texts: Object.fromEntries(
    Object.entries(settings.texts).map(([language, text]) => [language, textView(text)]),
  ) as EventTemplateFields['Texts'],
  VenueConfigurationId: settings.venueConfigurationId,
  OrderTicketLimit: settings.orderTicketLimit,
  TicketLimitMessage: settings.ticketLimitMessage,
  IsCalendarView: settings.isCalendarView,
  NoBestAvailable: settings.noBestAvailable,
  HideFeesUntilCheckout: settings.hideFeesUntilCheckout,
  SoldOutHeader: settings.soldOutHeader,
  SoldOutMessage: settings.soldOutMessage,
  ADAAgreement: settings.adaAgreement,
});

export const templateView = (template: EventTemplate): EventTemplateView => ({
  ...fieldsView(template.settings),
  ID: template.id,
  Version: template.version,
  IsArchived: template.isArchived,
  EnglishIncomplete: template.englishIncomplete,
  ImageUrl: template.imageUrl,
  MobileImageUrl: template.mobileImageUrl,
  Venue: venueView(template.venue),
  Performances: template.performances,
});

export const summaryView = (t: TemplateSummary): EventTemplateSummary => ({
  ID: t.id,
  Code: t.code,
  Name: t.name,
  DisplayName: t.displayName,
  Venue: venueView(t.venue),
  Performances: t.performances,
  FirstShowStartDate: t.firstStartsAt?.toISOString() ?? null,
  LastShowStartDate: t.lastStartsAt?.toISOString() ?? null,
  IsArchived: t.isArchived,
  EnglishIncomplete: t.englishIncomplete,
});

export const choicesView = (venues: readonly VenueConfigurations[]): VenueConfigurationChoices =>
  venues.map((v) => ({
    VenueId: v.venueId,
    VenueName: v.venueName,
    TimeZone: v.timeZone,
    Configurations: v.configurations.map((c) => ({ ID: c.id, Name: c.name })),
  }));

export const settingsOf = (fields: EventTemplateFields): TemplateSettings => ({
  code: fields.Code,
  name: fields.Name,
  texts: Object.fromEntries(
    Object.entries(fields.Texts).map(([language, text]) => [
      language,
      {
        displayName: text?.DisplayName ?? null,
        description: text?.Description ?? null,
        confirmationEmailText: text?.ConfirmationEmailText ?? null,
      },
    ]),
  ) as Partial<Record<LanguageCode, TemplateText>>,
  venueConfigurationId: fields.VenueConfigurationId,
  orderTicketLimit: fields.OrderTicketLimit,
  ticketLimitMessage: fields.TicketLimitMessage,
  isCalendarView: fields.IsCalendarView,
  noBestAvailable: fields.NoBestAvailable,
  hideFeesUntilCheckout: fields.HideFeesUntilCheckout,
  soldOutHeader: fields.SoldOutHeader,
  soldOutMessage: fields.SoldOutMessage,
  adaAgreement: fields.ADAAgreement,
});
