import { Effect, Layer } from 'effect';
import { groupCodeOf, promotionWithCode } from '../promotions/promotion-rows.ts';
import type { Knex } from 'knex';
import { Pricing } from '../../../core/pricing/ports.ts';
import type { EventPricingData } from '../../../core/pricing/price-map.ts';
import type { Fee } from '../../../core/pricing/fees.ts';
import type { PackageOffer } from '../../../core/pricing/package-prices.ts';
import { NotFound } from '../../../core/shared/errors.ts';
import { loadGaSections } from '../inventory/ga-sections.ts';
import { eventsWithSeriesAndVenue } from '../sql/event-venue-join.ts';

interface EventRow {
  id: number;
  event_template_id: number;
  venue_configuration_id: number;
  iso_currency_code: string;
  currency_locale: string;
  order_ticket_limit: number;
  ticket_limit_message: string | null;
  max_comp_quantity: number | null;
  hide_fees_until_checkout: boolean;
}

const loadPackages = async (db: Knex, eventId: number): Promise<PackageOffer[]> => {
  const rows: {
    id: number;
    code: string;
    name: string;
    require_package_purchase: boolean;
    zone: string | null;
    price_type_id: number | null;
    amount: number | null;
    fee_amount: number | null;
  }[] = await db('package_events as pe')
    .join('packages as p', 'p.id', 'pe.package_id')
    .leftJoin('package_prices as pp', 'pp.package_id', 'p.id')
    .where('pe.event_id', eventId)
    .orderBy(['p.id', 'pp.id'])
    .select(
      'p.id',
      'p.code',
      'p.name',
      'p.require_package_purchase',
      'pp.zone',
      'pp.price_type_id',
      'pp.amount',
      'pp.fee_amount',
    );
  const offers = new Map<number, PackageOffer & { prices: PackageOffer['prices'][number][] }>();
  for (const r of rows) {
    const offer = offers.get(r.id) ?? {
      id: r.id,
      code: r.code,
      name: r.name,
      requirePackagePurchase: r.require_package_purchase,
      prices: [],
    };
    offers.set(r.id, offer);
    if (r.zone !== null && r.price_type_id !== null && r.amount !== null)
      offer.prices.push({
        zone: r.zone,
        priceTypeId: r.price_type_id,
        amount: r.amount,
        feeAmount: r.fee_amount ?? 0,
      });
  }
  return [...offers.values()];
};

export const loadEventPricing = async (db: Knex, eventId: number): Promise<EventPricingData | undefined> => {
  const event: EventRow | undefined = await eventsWithSeriesAndVenue(db)
    .where('e.id', eventId)
    .first(
      'e.id',
      'e.event_template_id',
      'e.venue_configuration_id',
      'v.iso_currency_code',
      'v.currency_locale',
      't.order_ticket_limit',
      't.ticket_limit_message',
      't.max_comp_quantity',
      't.hide_fees_until_checkout',
    );
  if (!event) return undefined;
  const [levels, types, prices, fees, packages, adaTypes, alerts, gaSections] = await Promise.all([
    db('price_levels')
      .where({ event_id: eventId })
      .select('id', 'zone', 'label', 'description', 'color', 'display_order'),
    db('price_types').select(
      'id',
      'code',
      'name',
      'description',
      'is_default',
      'is_comp',
      'consumer_visible',
      'display_order',
      'customer_tag_type_ids',
    ),
    db('prices').where({ event_id: eventId }).select('price_level_id', 'price_type_id', 'amount'),
    db('fees')
      .where({ event_id: eventId })
      .orderBy('id')
      .select('id', 'name', 'scope', 'price_level_id', 'price_type_id', 'amount', 'rate_bp'),
    loadPackages(db, eventId),
    db('seats')
      .where({ venue_configuration_id: event.venue_configuration_id })
      .whereNotNull('ada_type')
      .distinct('ada_type')
      .orderBy('ada_type'),
    db('seat_alerts')
      .where({ venue_configuration_id: event.venue_configuration_id })
      .orderBy('id')
      .select('id', 'name', 'message', 'requires_acknowledgement'),
    loadGaSections(db, eventId),
  ]);
  return {
    eventId: event.id,
    eventTemplateId: event.event_template_id,
    isoCurrencyCode: event.iso_currency_code,
    currencyLocale: event.currency_locale,
    orderTicketLimit: event.order_ticket_limit,
    ticketLimitMessage: event.ticket_limit_message,
    maxCompQuantity: event.max_comp_quantity,
    hideFeesUntilCheckout: event.hide_fees_until_checkout,
    adaTypes: adaTypes.map((r: { ada_type: string }) => r.ada_type),
    seatAlerts: alerts.map(
      (r: { id: number; name: string; message: string; requires_acknowledgement: boolean }) => ({
        id: r.id,
        name: r.name,
        message: r.message,
        requiresAcknowledgement: r.requires_acknowledgement,
      }),
    ),
    priceLevels: levels.map(
      (r: {
        id: number;
        zone: string;
        label: string;
        description: string | null;
        color: string;
        display_order: number;
      }) => ({
        id: r.id,
        zone: r.zone,
        label: r.label,
        description: r.description,
        color: r.color,
        displayOrder: r.display_order,
      }),
    ),
    priceTypes: types.map(
      (r: {
        id: number;
        code: string;
        name: string;
        description: string | null;
        is_default: boolean;
        is_comp: boolean;
        consumer_visible: boolean;
        display_order: number;
        customer_tag_type_ids: number[] | null;
      }) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        description: r.description,
        isDefault: r.is_default,
        isComp: r.is_comp,
        consumerVisible: r.consumer_visible,
        displayOrder: r.display_order,
        customerTagTypeIds: r.customer_tag_type_ids ?? [],
      }),
    ),
    prices: prices.map((r: { price_level_id: number; price_type_id: number; amount: number }) => ({
      priceLevelId: r.price_level_id,
      priceTypeId: r.price_type_id,
      amount: r.amount,
    })),
    fees: fees.map(
      (r: {
        id: number;
        name: string;
        scope: Fee['scope'];
        price_level_id: number | null;
        price_type_id: number | null;
        amount: number;
        rate_bp: number;
      }): Fee => ({
        id: r.id,
        name: r.name,
        scope: r.scope,
        priceLevelId: r.price_level_id,
        priceTypeId: r.price_type_id,
        amount: r.amount,
        rateBp: r.rate_bp,
      }),
    ),
    packages,
    gaSections,
  };
};

export const PricingPostgres = (db: Knex) =>
  Layer.succeed(Pricing, {
    eventPricing: (eventId) =>
      Effect.flatMap(
        Effect.promise(() => loadEventPricing(db, eventId)),
        (data) =>
          data ? Effect.succeed(data) : Effect.fail(new NotFound({ entity: 'Event', id: String(eventId) })),
      ),
    promotionByCode: (code) => Effect.promise(() => promotionWithCode(db, code)),
    groupCode: (promotionId, code) => Effect.promise(() => groupCodeOf(db, promotionId, code)),
  });
