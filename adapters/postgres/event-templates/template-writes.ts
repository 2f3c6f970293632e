import type { Knex } from 'knex';
import { LANGUAGE_CODES } from '../../../core/i18n/languages.ts';
import {
  ConfigurationNotFound,
  TemplateCodeTaken,
  TemplateNotFound,
  TemplateVersionStale,
} from '../../../core/event-templates/errors.ts';
import type { TemplateActor } from '../../../core/event-templates/ports.ts';
import type { TemplateSettings } from '../../../core/event-templates/template-settings.ts';
import { writeAudit } from '../accounts/audit-log.ts';

// Writing a template: one transaction holds the change, its words and its audit row. A change of
// an existing template is one conditional update on (id, version), so of two saves from the same
// version exactly one matches and the other changes nothing. The seat map is the template's own:
// events.venue_configuration_id is never written here, so performances already created keep theirs.

/** A refusal carried out of a transaction (which it rolls back). */
export class Refused extends Error {
  readonly refusal: TemplateCodeTaken | TemplateVersionStale | TemplateNotFound | ConfigurationNotFound;
  constructor(refusal: Refused['refusal']) {
    super(refusal._tag);
    this.refusal = refusal;
  }
}

const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === UNIQUE_VIOLATION;

/** The venue of a configuration, or the refusal. */
const venueOfConfiguration = async (trx: Knex.Transaction, configurationId: number | null) => {
  if (configurationId === null) return null;
  const row = (await trx('venue_configurations').where({ id: configurationId }).first('venue_id')) as
    { venue_id: number } | undefined;
  if (!row) throw new Refused(new ConfigurationNotFound({ configurationId }));
  return row.venue_id;
};

export const settingsColumns = (settings: TemplateSettings) => ({
  code: settings.code,
  name: settings.name,
  display_name: settings.texts.en?.displayName ?? settings.name,
  description: settings.texts.en?.description ?? null,
  venue_configuration_id: settings.venueConfigurationId,
  order_ticket_limit: settings.orderTicketLimit,
  ticket_limit_message: settings.ticketLimitMessage,
  is_calendar_view: settings.isCalendarView,
  no_best_available: settings.noBestAvailable,
  hide_fees_until_checkout: settings.hideFeesUntilCheckout,
  sold_out_header: settings.soldOutHeader,
  sold_out_message: settings.soldOutMessage,
  ada_agreement: settings.adaAgreement,
});

/** The template's words replaced by `settings.texts` (English display name and description live on the template). */
export const writeTexts = async (trx: Knex.Transaction, templateId: number, settings: TemplateSettings) => {
  await trx('event_template_texts').where({ event_template_id: templateId }).delete();
  const rows = LANGUAGE_CODES.flatMap((language) => {
    const text = settings.texts[language];
    if (!text) return [];
    const row =
      language === 'en'
        ? { display_name: null, description: null, confirmation_email_text: text.confirmationEmailText }
        : {
            display_name: text.displayName,
            description: text.description,
            confirmation_email_text: text.confirmationEmailText,
          };
    if (!row.display_name && !row.description && !row.confirmation_email_text) return [];
    return [{ event_template_id: templateId, language, ...row }];
  });
  if (rows.length > 0) await trx('event_template_texts').insert(rows);
};

export const audit = (
  trx: Knex.Transaction,
  by: TemplateActor,
  action: string,
  details: Record<string, unknown>,
) => writeAudit(trx, { staff: by, action, details });

/** Runs `work` in a transaction; a taken code (the unique index) becomes the refusal. */
export const inTransaction = async <A>(
  db: Knex,
  code: string | null,
  work: (trx: Knex.Transaction) => Promise<A>,
) => {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (code !== null && isUniqueViolation(error)) throw new Refused(new TemplateCodeTaken({ code }));
    throw error;
  }
};

/**
 * Sets `columns` on the template when its version is still `expectedVersion` (and moves the
 * version on); otherwise refuses with the current version, or as not found.
 */
export const updateAtVersion = async (
  trx: Knex.Transaction,
  id: number,
  expectedVersion: number,
  columns: Record<string, unknown>,
) => {
  const updated = await trx('event_templates')
    .where({ id, version: expectedVersion })
    .update({ ...columns, version: trx.raw('version + 1'), updated_at: trx.fn.now() }, ['id']);
  if (updated.length === 1) return;
  const current = (await trx('event_templates').where({ id }).first('version')) as
    { version: number } | undefined;
  if (!current) throw new Refused(new TemplateNotFound({ templateId: id }));
  throw new Refused(new TemplateVersionStale({ templateId: id, currentVersion: current.version }));
};

export const insertTemplate = async (
  db: Knex,
  settings: TemplateSettings,
  englishIncomplete: boolean,
  by: TemplateActor,
) =>
  inTransaction(db, settings.code, async (trx) => {
    const venueId = await venueOfConfiguration(trx, settings.venueConfigurationId);
    const [row] = (await trx('event_templates')
      .insert({ ...settingsColumns(settings), venue_id: venueId, english_incomplete: englishIncomplete })
      .returning('id')) as { id: number }[];
    await writeTexts(trx, row!.id, settings);
    await audit(trx, by, 'eventTemplates.create', { templateId: row!.id, code: settings.code });
    return row!.id;
  });

export const updateTemplate = async (
  db: Knex,
  id: number,
  expectedVersion: number,
  settings: TemplateSettings,
  englishIncomplete: boolean,
  by: TemplateActor,
) =>
  inTransaction(db, settings.code, async (trx) => {
    const venueId = await venueOfConfiguration(trx, settings.venueConfigurationId);
    await updateAtVersion(trx, id, expectedVersion, {
      ...settingsColumns(settings),
      ...(venueId === null ? {} : { venue_id: venueId }),
      english_incomplete: englishIncomplete,
    });
    await writeTexts(trx, id, settings);
    await audit(trx, by, 'eventTemplates.save', {
      templateId: id,
      code: settings.code,
      version: expectedVersion + 1,
    });
  });

export const archiveTemplate = async (
  db: Knex,
  id: number,
  expectedVersion: number,
  archived: boolean,
  by: TemplateActor,
) =>
  inTransaction(db, null, async (trx) => {
    await updateAtVersion(trx, id, expectedVersion, { is_archived: archived });
    await audit(trx, by, archived ? 'eventTemplates.archive' : 'eventTemplates.unarchive', {
      templateId: id,
    });
  });

export const changeTemplateConfiguration = async (
  db: Knex,
  id: number,
  expectedVersion: number,
  configurationId: number,
  by: TemplateActor,
) =>
  inTransaction(db, null, async (trx) => {
    const venueId = await venueOfConfiguration(trx, configurationId);
    await updateAtVersion(trx, id, expectedVersion, {
      venue_configuration_id: configurationId,
      venue_id: venueId,
    });
    await audit(trx, by, 'eventTemplates.configuration', { templateId: id, configurationId });
  });
