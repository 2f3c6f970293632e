import type { Knex } from 'knex';
import { isLanguageCode, type LanguageCode } from '../../../core/i18n/languages.ts';
import type {
  EventTemplate,
  TemplateSummary,
  TemplateVenue,
  VenueConfigurations,
} from '../../../core/event-templates/ports.ts';
import type { TemplateText } from '../../../core/event-templates/template-texts.ts';

// Reading templates for the staff screens: English words from event_templates (the storefront
// reads them there too), the other languages and every e-mail text from event_template_texts
// (migrations/20261218000200_event_template_texts.ts), the seat map from venue_configurations.

interface TemplateRow {
  id: number;
  version: number;
  code: string;
  name: string;
  display_name: string;
  description: string | null;
  venue_configuration_id: number | null;
  order_ticket_limit: number;
  ticket_limit_message: string | null;
  is_calendar_view: boolean;
  no_best_available: boolean;
  hide_fees_until_checkout: boolean;
  sold_out_header: string | null;
  sold_out_message: string | null;
  ada_agreement: string | null;
  is_archived: boolean;
  english_incomplete: boolean;
  image_url: string | null;
  mobile_image_url: string | null;
  venue_id: number | null;
  venue_name: string | null;
  configuration_name: string | null;
  time_zone: string | null;
  iso_currency_code: string | null;
  currency_locale: string | null;
  performances: string;
  first_starts_at: Date | null;
  last_starts_at: Date | null;
}

interface TextRow {
  event_template_id: number;
  language: string;
  display_name: string | null;
  description: string | null;
  confirmation_email_text: string | null;
}

const baseQuery = (db: Knex) =>
  db('event_templates as t')
    .leftJoin('venue_configurations as c', 'c.id', 't.venue_configuration_id')
    .leftJoin('venues as v', 'v.id', 'c.venue_id')
    .select(
      't.*',
      'v.id as venue_id',
      'v.display_name as venue_name',
      'c.name as configuration_name',
      'v.time_zone',
      'v.iso_currency_code',
      'v.currency_locale',
      db.raw('(select count(*) from events e where e.event_template_id = t.id) as performances'),
      db.raw('(select min(e.starts_at) from events e where e.event_template_id = t.id) as first_starts_at'),
      db.raw('(select max(e.starts_at) from events e where e.event_template_id = t.id) as last_starts_at'),
    );

const venueOf = (row: TemplateRow): TemplateVenue | null =>
  row.venue_id === null
    ? null
    : {
        venueId: row.venue_id,
        venueName: row.venue_name!,
        configurationName: row.configuration_name!,
        timeZone: row.time_zone!,
        isoCurrencyCode: row.iso_currency_code!,
        currencyLocale: row.currency_locale!,
      };

const templateOf = (row: TemplateRow, textRows: readonly TextRow[]): EventTemplate => {
  const texts: Partial<Record<LanguageCode, TemplateText>> = {};
  for (const t of textRows)
    if (isLanguageCode(t.language) && t.language !== 'en')
      texts[t.language] = {
        displayName: t.display_name,
        description: t.description,
        confirmationEmailText: t.confirmation_email_text,
      };
  texts.en = {
    displayName: row.display_name,
    description: row.description,
    confirmationEmailText: textRows.find((t) => t.language === 'en')?.confirmation_email_text ?? null,
  };
  return {
    id: row.id,
    version: row.version,
    settings: {
      code: row.code,
      name: row.name,
      texts,
      venueConfigurationId: row.venue_configuration_id,
      orderTicketLimit: row.order_ticket_limit,
      ticketLimitMessage: row.ticket_limit_message,
      isCalendarView: row.is_calendar_view,
      noBestAvailable: row.no_best_available,
      hideFeesUntilCheckout: row.hide_fees_until_checkout,
      soldOutHeader: row.sold_out_header,
      soldOutMessage: row.sold_out_message,
      adaAgreement: row.ada_agreement,
    },
    isArchived: row.is_archived,
    englishIncomplete: row.english_incomplete,
    imageUrl: row.image_url,
    mobileImageUrl: row.mobile_image_url,
    venue: venueOf(row),
    performances: Number(row.performances),
  };
};

export const findTemplate = async (db: Knex, id: number): Promise<EventTemplate | null> => {
  const row = (await baseQuery(db).where('t.id', id).first()) as TemplateRow | undefined;
  if (!row) return null;
  const texts = (await db('event_template_texts').where({ event_template_id: id })) as TextRow[];
  return templateOf(row, texts);
};

export const listTemplates = async (db: Knex): Promise<TemplateSummary[]> =>
  ((await baseQuery(db).orderBy('t.code')) as TemplateRow[]).map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    displayName: row.display_name,
    venue: venueOf(row),
    performances: Number(row.performances),
    firstStartsAt: row.first_starts_at,
    lastStartsAt: row.last_starts_at,
    isArchived: row.is_archived,
    englishIncomplete: row.english_incomplete,
  }));

export const listConfigurations = async (db: Knex): Promise<VenueConfigurations[]> => {
  const rows = (await db('venue_configurations as c')
    .join('venues as v', 'v.id', 'c.venue_id')
    .select('v.id as venue_id', 'v.display_name', 'v.time_zone', 'c.id', 'c.name')
    .orderBy([{ column: 'v.display_name' }, { column: 'c.name' }, { column: 'c.id' }])) as {
    venue_id: number;
    display_name: string;
    time_zone: string;
    id: number;
    name: string;
  }[];
  const venues = new Map<number, VenueConfigurations & { configurations: { id: number; name: string }[] }>();
  for (const r of rows) {
    const venue = venues.get(r.venue_id) ?? {
      venueId: r.venue_id,
      venueName: r.display_name,
      timeZone: r.time_zone,
      configurations: [],
    };
    venue.configurations.push({ id: r.id, name: r.name });
    venues.set(r.venue_id, venue);
  }
  return [...venues.values()];
};
