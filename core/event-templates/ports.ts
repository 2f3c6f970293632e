import { Context, type Effect } from 'effect';
import type { LanguageCode } from '../i18n/languages.ts';
import type {
  ConfigurationNotFound,
  TemplateCodeTaken,
  TemplateNotFound,
  TemplateVersionStale,
} from './errors.ts';
import type { CopyRequest } from './copy-rules.ts';
import type { TemplateSettings } from './template-settings.ts';

// What the event templates' screens need from the world (PostgreSQL:
// adapters/postgres/event-templates/; images: adapters/http/event-templates/resize-image.ts). Every change is written with its
// audit row in the same transaction, and every change of an existing template checks the version
// the form loaded: a stale one changes nothing.

export interface TemplateActor {
  readonly staffUserId: number;
  readonly email: string;
}

export interface TemplateVenue {
  readonly venueId: number;
  readonly venueName: string;
  readonly configurationName: string;
  /** IANA zone of the venue, e.g. America/New_York. */
  readonly timeZone: string;
  readonly isoCurrencyCode: string;
  /** A key of core/i18n/currency-locales.ts, e.g. en-us. */
  readonly currencyLocale: string;
}

export interface EventTemplate {
  readonly id: number;
  readonly version: number;
  readonly settings: TemplateSettings;
  readonly isArchived: boolean;
  /** The warning flag: the English form lacks what another language has (template-texts.ts). */
  readonly englishIncomplete: boolean;
  readonly imageUrl: string | null;
  readonly mobileImageUrl: string | null;
  readonly venue: TemplateVenue | null;
  readonly performances: number;
}

export interface TemplateSummary {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly displayName: string;
  readonly venue: TemplateVenue | null;
  readonly performances: number;
  readonly firstStartsAt: Date | null;
  readonly lastStartsAt: Date | null;
  readonly isArchived: boolean;
  readonly englishIncomplete: boolean;
}

export interface VenueConfigurations {
  readonly venueId: number;
  readonly venueName: string;
  readonly timeZone: string;
  readonly configurations: readonly { readonly id: number; readonly name: string }[];
}

/** One resized image, ready to store. */
export interface ImageVariant {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
}

type Stale = TemplateVersionStale | TemplateNotFound;

export class EventTemplates extends Context.Service<
  EventTemplates,
  {
    /** Every template, by code. */
    readonly list: () => Effect.Effect<readonly TemplateSummary[]>;
    readonly find: (id: number) => Effect.Effect<EventTemplate | null>;
    /** The venues with their seat maps, by name, for the picker. */
    readonly configurations: () => Effect.Effect<readonly VenueConfigurations[]>;
    readonly create: (
      settings: TemplateSettings,
      englishIncomplete: boolean,
      by: TemplateActor,
    ) => Effect.Effect<EventTemplate, TemplateCodeTaken | ConfigurationNotFound>;
    /**
     * The settings saved over version `expectedVersion`. A new seat map is for performances added
     * afterwards: those already created keep theirs (events are not touched).
     */
    readonly update: (
      id: number,
      expectedVersion: number,
      settings: TemplateSettings,
      englishIncomplete: boolean,
      by: TemplateActor,
    ) => Effect.Effect<EventTemplate, Stale | TemplateCodeTaken | ConfigurationNotFound>;
    readonly setArchived: (
      id: number,
      expectedVersion: number,
      archived: boolean,
      by: TemplateActor,
    ) => Effect.Effect<EventTemplate, Stale>;
    /** Only the seat map new performances go on; the same rule as update. */
    readonly changeConfiguration: (
      id: number,
      expectedVersion: number,
      configurationId: number,
      by: TemplateActor,
    ) => Effect.Effect<EventTemplate, Stale | ConfigurationNotFound>;
    /** A new template of `settings`, with what the request asks copied from the source. */
    readonly copy: (
      request: CopyRequest,
      settings: TemplateSettings,
      by: TemplateActor,
    ) => Effect.Effect<EventTemplate, TemplateCodeTaken | TemplateNotFound>;
    /** The images stored by content hash and set as the template's image (series) and mobile/e-mail one. */
    readonly setImages: (
      id: number,
      expectedVersion: number,
      images: { readonly series: ImageVariant; readonly email: ImageVariant },
      by: TemplateActor,
    ) => Effect.Effect<EventTemplate, Stale>;
    /** A stored image by the SHA-256 (hex) of its bytes. */
    readonly image: (
      hash: string,
    ) => Effect.Effect<{ readonly contentType: string; readonly bytes: Uint8Array } | null>;
  }
>()('foyer/event-templates/EventTemplates') {}

/** Resizing an uploaded image (sharp: adapters/http/event-templates/resize-image.ts). A file it cannot read is refused. */
export class ImageResizer extends Context.Service<
  ImageResizer,
  {
    readonly resize: (
      bytes: Uint8Array,
      widths: { readonly series: number; readonly email: number },
    ) => Effect.Effect<{ readonly series: ImageVariant; readonly email: ImageVariant } | null>;
  }
>()('foyer/event-templates/ImageResizer') {}

/** A template's confirmation e-mail text for each event of an order (order-mail uses it). */
export class TemplateMailTexts extends Context.Service<
  TemplateMailTexts,
  {
    /** Event id -> the text in `language`, else English; events without any text are left out. */
    readonly forEvents: (
      eventIds: readonly number[],
      language: LanguageCode,
    ) => Effect.Effect<ReadonlyMap<number, string>>;
  }
>()('foyer/event-templates/TemplateMailTexts') {}
