import type { Knex } from 'knex';
import type { SeriesPlan, VenueKey } from './series.ts';

/** Inserts the series (event templates); answers their ids by code. */
export const insertSeries = async (
  trx: Knex.Transaction,
  series: readonly SeriesPlan[],
  venueIds: Readonly<Record<VenueKey, number>>,
): Promise<Map<string, number>> => {
  const rows: { id: number; code: string }[] = await trx('event_templates')
    .insert(
      series.map((s) => ({
        code: s.code,
        name: s.name,
        display_name: s.displayName,
        description: s.description,
        venue_id: venueIds[s.venue],
        future_template_code: s.futureTemplateCode,
        past_template_code: s.pastTemplateCode,
        sold_out_header: s.soldOutHeader,
        sold_out_message: s.soldOutMessage,
        ada_agreement: s.adaAgreement,
        is_calendar_view: s.isCalendarView,
        no_best_available: s.noBestAvailable,
        order_ticket_limit: s.orderTicketLimit,
        ticket_limit_message: s.ticketLimitMessage,
        max_comp_quantity: s.maxCompQuantity,
        secondary_market_option: s.secondaryMarketOption,
      })),
    )
    .returning(['id', 'code']);
  return new Map(rows.map((r) => [r.code, r.id]));
};

/** Inserts every series' events, then links the linked pairs; answers event ids by plan ref. */
export const insertEvents = async (
  trx: Knex.Transaction,
  series: readonly SeriesPlan[],
  templateIds: ReadonlyMap<string, number>,
  configurationIds: Readonly<Record<VenueKey, number>>,
): Promise<Map<string, number>> => {
  const plans = series.flatMap((s) =>
    s.events.map((plan) => ({ templateId: templateIds.get(s.code), venue: s.venue, plan })),
  );
  const rows: { id: number; event_template_id: number; starts_at: Date }[] = await trx('events')
    .insert(
      plans.map(({ templateId, venue, plan }) => ({
        event_template_id: templateId,
        venue_configuration_id: configurationIds[venue],
        name: plan.name,
        url_safe_name: plan.urlSafeName,
        starts_at: plan.startsAt,
        ends_at: plan.endsAt,
        on_sale_at: plan.onSaleAt,
        is_presale: plan.isPresale,
        use_heavy_on_sale: plan.useHeavyOnSale,
        special_linked_event: plan.linkedRef !== null,
        upfront_fee_disclosure: plan.upfrontFeeDisclosure,
      })),
    )
    .returning(['id', 'event_template_id', 'starts_at']);
  // A series never starts two shows at once, so (series, start) finds each row again.
  const byStart = new Map(rows.map((r) => [`${r.event_template_id}@${r.starts_at.getTime()}`, r.id]));
  const eventIds = new Map<string, number>();
  for (const { templateId, plan } of plans) {
    const id = byStart.get(`${templateId}@${plan.startsAt.getTime()}`);
    if (id === undefined) throw new Error(`event ${plan.ref} was not inserted`);
    eventIds.set(plan.ref, id);
  }
  for (const { plan } of plans)
    if (plan.linkedRef !== null)
      await trx('events')
        .where({ id: eventIds.get(plan.ref) })
        .update({ linked_event_id: eventIds.get(plan.linkedRef) });
  return eventIds;
};
