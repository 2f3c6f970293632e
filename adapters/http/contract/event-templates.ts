import { z } from 'zod';

// Event templates on the staff screens (permission manageEvents). Shared with web/: no server imports.
//   GET  /api/admin/eventtemplates                          -> EventTemplateList
//   GET  /api/admin/eventtemplates/venueconfigurations      -> VenueConfigurationChoices (the seat-map picker)
//   GET  /api/admin/eventtemplates/{id}                     -> EventTemplateView
//   POST /api/admin/eventtemplates                          EventTemplateFields -> EventTemplateView (201)
//   PUT  /api/admin/eventtemplates/{id}                     EventTemplateFields + Version -> EventTemplateView
//   POST /api/admin/eventtemplates/{id}/archive             { Version, Archived } -> EventTemplateView
//   PUT  /api/admin/eventtemplates/{id}/venueconfiguration  { Version, VenueConfigurationId } -> EventTemplateView
//   POST /api/admin/eventtemplates/{id}/image               { Version, Image (base64) } -> EventTemplateView
//   POST /api/admin/eventtemplates/{id}/emailpreview        { Language, ConfirmationEmailText? } -> EmailPreview
//   POST /api/admin/eventtemplates/copy                     EventTemplateCopy -> EventTemplateView (201)
//   GET  /api/eventtemplates/images/{file}                  the stored image, cached for good
// A save from a stale Version is 409 { Message, CurrentVersion } and changes nothing; a refused
// field is 400 { Message, Field }.

export const TEMPLATE_LANGUAGES = ['en', 'fr', 'ko', 'pt', 'de', 'zh', 'ja', 'es'] as const;
export const TemplateLanguage = z.enum(TEMPLATE_LANGUAGES);
export type TemplateLanguage = z.infer<typeof TemplateLanguage>;

const text = (max: number) => z.string().max(max).nullable().default(null);

export const TemplateTextFields = z.object({
  DisplayName: text(200),
  Description: text(10_000),
  ConfirmationEmailText: text(10_000),
});
export type TemplateTextFields = z.infer<typeof TemplateTextFields>;

export const EventTemplateFields = z.object({
  Code: z.string().max(100),
  Name: z.string().max(1000),
  /** By language; English is required, the others optional. */
  Texts: z.partialRecord(TemplateLanguage, TemplateTextFields),
  VenueConfigurationId: z.number().int().positive().nullable(),
  OrderTicketLimit: z.number().int(),
  TicketLimitMessage: text(1000),
  IsCalendarView: z.boolean(),
  NoBestAvailable: z.boolean(),
  HideFeesUntilCheckout: z.boolean(),
  SoldOutHeader: text(200),
  SoldOutMessage: text(2000),
  ADAAgreement: text(10_000),
});
export type EventTemplateFields = z.infer<typeof EventTemplateFields>;

const Version = z.number().int().positive();

export const EventTemplateSave = EventTemplateFields.extend({ Version });
export type EventTemplateSave = z.infer<typeof EventTemplateSave>;

export const TemplateVenue = z.object({
  VenueId: z.number().int(),
  VenueName: z.string(),
  ConfigurationName: z.string(),
  TimeZone: z.string(),
});

export const EventTemplateView = EventTemplateFields.extend({
  ID: z.number().int(),
  Version,
  IsArchived: z.boolean(),
  /** The warning flag: the English form lacks words another language has. */
  EnglishIncomplete: z.boolean(),
  ImageUrl: z.string().nullable(),
  MobileImageUrl: z.string().nullable(),
  Venue: TemplateVenue.nullable(),
  Performances: z.number().int(),
});
export type EventTemplateView = z.infer<typeof EventTemplateView>;

export const EventTemplateSummary = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  DisplayName: z.string(),
  Venue: TemplateVenue.nullable(),
  Performances: z.number().int(),
  /** ISO instants of the first and last performance's start; null without performances. */
  FirstShowStartDate: z.string().nullable(),
  LastShowStartDate: z.string().nullable(),
  IsArchived: z.boolean(),
  EnglishIncomplete: z.boolean(),
});
export type EventTemplateSummary = z.infer<typeof EventTemplateSummary>;
export const EventTemplateList = z.array(EventTemplateSummary);

export const VenueConfigurationChoices = z.array(
  z.object({
    VenueId: z.number().int(),
    VenueName: z.string(),
    TimeZone: z.string(),
    Configurations: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  }),
);
export type VenueConfigurationChoices = z.infer<typeof VenueConfigurationChoices>;

export const TemplateIdParams = z.object({ id: z.coerce.number().int().positive() });

export const ArchiveBody = z.object({ Version, Archived: z.boolean() });

export const ConfigurationBody = z.object({ Version, VenueConfigurationId: z.number().int().positive() });

/** 5 MB of image is about 6.7 MB of base64. */
export const ImageBody = z.object({
  Version,
  Image: z
    .string()
    .max(7_200_000)
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'must be base64'),
});

export const EmailPreviewBody = z.object({
  Language: TemplateLanguage,
  ConfirmationEmailText: z.string().max(10_000).nullable().default(null),
});

export const EmailPreview = z.object({ Subject: z.string(), Html: z.string(), Text: z.string() });
export type EmailPreview = z.infer<typeof EmailPreview>;

export const EventTemplateCopy = z.object({
  EventTemplateId: z.number().int().positive(),
  Code: z.string().max(100),
  Name: z.string().max(1000),
  DisplayName: z.string().max(200),
  CopyFees: z.boolean().default(false),
  CopyPricing: z.boolean().default(false),
  CopyPromos: z.boolean().default(false),
});
export type EventTemplateCopy = z.infer<typeof EventTemplateCopy>;

export const ImageFileParams = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.(webp|jpg|png)$/) });
