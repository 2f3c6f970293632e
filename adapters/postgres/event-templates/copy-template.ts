import type { Knex } from 'knex';
import type { CopyRequest } from '../../../core/event-templates/copy-rules.ts';
import { TemplateNotFound } from '../../../core/event-templates/errors.ts';
import type { TemplateActor } from '../../../core/event-templates/ports.ts';
import type { TemplateSettings } from '../../../core/event-templates/template-settings.ts';
import { audit, inTransaction, Refused, settingsColumns, writeTexts } from './template-writes.ts';

// A copy of a template (core/event-templates/copy-rules.ts decided its settings), in one
// transaction: the template and its words, its images, and when asked its promotions' links, its
// default price levels and prices, and its default fees (migrations/20261218000300_template_prices.ts).
// Performances are never copied.

export const copyTemplate = async (
  db: Knex,
  request: CopyRequest,
  settings: TemplateSettings,
  englishIncomplete: boolean,
  by: TemplateActor,
) =>
  inTransaction(db, settings.code, async (trx) => {
    const source = (await trx('event_templates').where({ id: request.sourceId }).first()) as
      Record<string, unknown> | undefined;
    if (!source) throw new Refused(new TemplateNotFound({ templateId: request.sourceId }));
    const [row] = (await trx('event_templates')
      .insert({
        ...settingsColumns(settings),
        venue_id: source.venue_id,
        future_template_code: source.future_template_code,
        past_template_code: source.past_template_code,
        max_comp_quantity: source.max_comp_quantity,
        secondary_market_option: source.secondary_market_option,
        image_url: source.image_url,
        mobile_image_url: source.mobile_image_url,
        english_incomplete: englishIncomplete,
      })
      .returning('id')) as { id: number }[];
    const id = row!.id;
    await writeTexts(trx, id, settings);
    const from = request.sourceId;
    if (request.copyPromos)
      await trx.raw(
        `insert into promotion_event_templates (promotion_id, event_template_id)
         select promotion_id, ? from promotion_event_templates where event_template_id = ?`,
        [id, from],
      );
    if (request.copyPricing) {
      await trx.raw(
        `insert into event_template_price_levels (event_template_id, zone, label, color, display_order)
         select ?, zone, label, color, display_order from event_template_price_levels where event_template_id = ?`,
        [id, from],
      );
      await trx.raw(
        `insert into event_template_prices (event_template_id, zone, price_type_id, amount)
         select ?, zone, price_type_id, amount from event_template_prices where event_template_id = ?`,
        [id, from],
      );
    }
    if (request.copyFees)
      await trx.raw(
        `insert into event_template_fees (event_template_id, zone, price_type_id, name, scope, amount, rate_bp)
         select ?, zone, price_type_id, name, scope, amount, rate_bp from event_template_fees where event_template_id = ?`,
        [id, from],
      );
    await audit(trx, by, 'eventTemplates.copy', {
      templateId: id,
      code: settings.code,
      sourceId: from,
      copyPromos: request.copyPromos,
      copyPricing: request.copyPricing,
      copyFees: request.copyFees,
    });
    return id;
  });
