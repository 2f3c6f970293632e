import type { Knex } from 'knex';
import { orderSeasonFile } from '../../../core/season/order.ts';
import {
  imageHashesNamed,
  SEASON_FILE_VERSION,
  type ConfigurationEntry,
  type EventEntry,
  type EventRef,
  type SeasonFile,
} from '../../../core/season/season-file.ts';

// The database's catalogue as a season file (docs/season-file.md): every catalogue table, each
// row named by its natural key instead of its id. Orders, baskets, customers, staff and seat
// status are not part of it. `foyer season export` writes it; the import reads the database the
// same way to find what a file changes.

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());
const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

const groupBy = <T extends Row>(rows: readonly T[], key: (row: T) => unknown) => {
  const groups = new Map<unknown, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
};

export interface ReadSeasonOptions {
  /** Also these images when stored, named or not (the import: the ones its file carries). */
  readonly alsoImages?: readonly string[];
  /** Images without their bytes (`data` ''): the import compares images by hash alone. */
  readonly withoutImageData?: boolean;
}

/**
 * The whole catalogue of `db` (a transaction reads one consistent snapshot), in file order, with
 * the stored images its image URLs name.
 */
export const readSeason = async (db: Knex, options: ReadSeasonOptions = {}): Promise<SeasonFile> => {
  const tagTypes: Row[] = await db('customer_tag_types').select('*');
  const tagName = new Map(tagTypes.map((t) => [t.id, t.name as string]));
  const tagNames = (ids: readonly number[]) => ids.map((id) => tagName.get(id) ?? `#${id}`);

  const channels: Row[] = await db('sales_channels').select('*');
  const channelCode = new Map(channels.map((c) => [c.id, c.code as string]));
  const holdClasses: Row[] = await db('hold_classes').select('*');
  const subclasses = groupBy(await db('hold_subclasses').select('*'), (s) => s.hold_class_id);
  const visibility = groupBy(await db('hold_subclass_sales_channels').select('*'), (v) => v.hold_subclass_id);

  const priceTypes: Row[] = await db('price_types').select('*');
  const priceTypeCode = new Map(priceTypes.map((t) => [t.id, t.code as string]));
  const typeCode = (id: number) => priceTypeCode.get(id) ?? `#${id}`;

  const venues: Row[] = await db('venues').select('*');
  const venueName = new Map(venues.map((v) => [v.id, v.name as string]));
  const configurations: Row[] = await db('venue_configurations').select('*');
  const configurationOf = new Map(
    configurations.map((c) => [c.id, { venue: venueName.get(c.venue_id)!, name: c.name as string }]),
  );
  const alerts = groupBy(await db('seat_alerts').select('*'), (a) => a.venue_configuration_id);
  const sections = groupBy(await db('sections').select('*'), (s) => s.venue_configuration_id);
  const sectionCode = new Map([...sections.values()].flat().map((s) => [s.id, s.code as string]));
  const seats = groupBy(
    await db('seats').select(
      'venue_configuration_id',
      'section_id',
      'row',
      'number',
      'key',
      'x',
      'y',
      'view_from_seat_row',
      'focal_length_factor',
      'zone',
      'quality_rank',
      'ada_type',
      'seat_alert_id',
    ),
    (s) => s.venue_configuration_id,
  );
  const alertName = new Map([...alerts.values()].flat().map((a) => [a.id, a.name as string]));

  const configurationEntry = (c: Row): ConfigurationEntry => ({
    name: c.name,
    width: c.width,
    height: c.height,
    focalPoint: { x: c.focal_x, y: c.focal_y },
    svg: c.svg,
    seatAlerts: (alerts.get(c.id) ?? []).map((a) => ({
      name: a.name,
      message: a.message,
      requiresAcknowledgement: a.requires_acknowledgement,
    })),
    sections: (sections.get(c.id) ?? []).map((s) => ({
      code: s.code,
      name: s.name,
      zone: s.zone,
      gaCapacity: s.ga_capacity,
      label: s.label_x === null || s.label_y === null ? null : { x: s.label_x, y: s.label_y },
      displayOrder: s.display_order,
    })),
    seats: (seats.get(c.id) ?? []).map((s) => ({
      key: s.key,
      section: sectionCode.get(s.section_id) ?? `#${s.section_id}`,
      row: s.row,
      number: s.number,
      x: s.x,
      y: s.y,
      zone: s.zone,
      qualityRank: s.quality_rank,
      viewFromSeatRow: s.view_from_seat_row,
      focalLengthFactor: s.focal_length_factor,
      accessible: s.ada_type,
      alert: s.seat_alert_id === null ? null : (alertName.get(s.seat_alert_id) ?? null),
    })),
  });
  const configurationsOf = groupBy(configurations, (c) => c.venue_id);

  const templates: Row[] = await db('event_templates').select('*');
  const templateCode = new Map(templates.map((t) => [t.id, t.code as string]));
  const templateTexts = groupBy(await db('event_template_texts').select('*'), (t) => t.event_template_id);
  const templateLevels = groupBy(
    await db('event_template_price_levels').select('*'),
    (l) => l.event_template_id,
  );
  const templatePrices = groupBy(await db('event_template_prices').select('*'), (p) => p.event_template_id);
  const templateFees = groupBy(await db('event_template_fees').select('*'), (f) => f.event_template_id);
  const events: Row[] = await db('events').select('*');
  const eventRef = new Map<number, EventRef>(
    events.map((e) => [
      e.id,
      { template: templateCode.get(e.event_template_id)!, startsAt: iso(e.starts_at)! },
    ]),
  );
  const refOf = (id: number) => eventRef.get(id)!;
  const levels = groupBy(await db('price_levels').select('*'), (l) => l.event_id);
  const levelZone = new Map([...levels.values()].flat().map((l) => [l.id, l.zone as string]));
  const prices = groupBy(await db('prices').select('*'), (p) => p.event_id);
  const fees = groupBy(await db('fees').select('*'), (f) => f.event_id);

  const eventEntry = (e: Row): EventEntry => {
    const configuration = configurationOf.get(e.venue_configuration_id)!;
    return {
      ...refOf(e.id),
      venue: configuration.venue,
      configuration: configuration.name,
      name: e.name,
      urlSafeName: e.url_safe_name,
      endsAt: iso(e.ends_at),
      onSaleAt: iso(e.on_sale_at)!,
      offSaleAt: iso(e.off_sale_at),
      isPresale: e.is_presale,
      useHeavyOnSale: e.use_heavy_on_sale,
      hasProducts: e.has_products,
      secondaryMarketEventId: e.secondary_market_event_id,
      linkedEvent: e.linked_event_id === null ? null : refOf(e.linked_event_id),
      specialLinkedEvent: e.special_linked_event,
      upfrontFeeDisclosure: e.upfront_fee_disclosure,
      mobileImageUrl: e.mobile_image_url,
      status: e.status,
      priceLevels: (levels.get(e.id) ?? []).map((l) => ({
        zone: l.zone,
        label: l.label,
        description: l.description,
        color: l.color,
        displayOrder: l.display_order,
      })),
      prices: (prices.get(e.id) ?? []).map((p) => ({
        zone: levelZone.get(p.price_level_id)!,
        priceType: typeCode(p.price_type_id),
        amount: p.amount,
      })),
      fees: (fees.get(e.id) ?? []).map((f) => ({
        name: f.name,
        scope: f.scope,
        zone: f.price_level_id === null ? null : levelZone.get(f.price_level_id)!,
        priceType: f.price_type_id === null ? null : typeCode(f.price_type_id),
        amount: f.amount,
        rateBp: f.rate_bp,
      })),
    };
  };

  const promotions: Row[] = await db('promotions').select('*');
  const promotionTemplates = groupBy(
    await db('promotion_event_templates').select('*'),
    (p) => p.promotion_id,
  );
  const groupCodes = groupBy(
    await db('promotion_group_codes').select('promotion_id', 'code'),
    (g) => g.promotion_id,
  );

  const packages: Row[] = await db('packages').select('*');
  const packagePrices = groupBy(await db('package_prices').select('*'), (p) => p.package_id);
  const packageEvents = groupBy(await db('package_events').select('*'), (p) => p.package_id);

  const products: Row[] = await db('products').select('*');
  const variants = groupBy(await db('product_variants').select('*'), (v) => v.product_id);

  const plans: Row[] = await db('event_plans').select('*');
  const slots = groupBy(await db('event_plan_slots').select('*'), (s) => s.event_plan_id);
  const slotEvents = groupBy(await db('event_plan_slot_events').select('*'), (s) => s.event_plan_slot_id);

  const membershipTypes: Row[] = await db('membership_types').select('*');
  const membershipLevels = groupBy(
    await db('membership_price_levels').select('*'),
    (l) => l.membership_type_id,
  );

  const deliveryMethods: Row[] = await db('delivery_methods').select('*');

  const catalogue: Omit<SeasonFile, 'images'> = {
    version: SEASON_FILE_VERSION,
    customerTagTypes: tagTypes.map((t) => ({
      name: t.name,
      kind: t.kind,
      optInText: t.opt_in_text,
      defaultChecked: t.default_checked,
    })),
    salesChannels: channels.map((c) => ({ code: c.code, name: c.name, isAdmin: c.is_admin })),
    holdClasses: holdClasses.map((c) => ({
      name: c.name,
      subclasses: (subclasses.get(c.id) ?? []).map((s) => ({
        name: s.name,
        isKill: s.is_kill,
        isArchived: s.is_archived,
        salesChannels: (visibility.get(s.id) ?? []).map((v) => channelCode.get(v.sales_channel_id)!),
      })),
    })),
    priceTypes: priceTypes.map((t) => ({
      code: t.code,
      name: t.name,
      description: t.description,
      isDefault: t.is_default,
      isComp: t.is_comp,
      consumerVisible: t.consumer_visible,
      displayOrder: t.display_order,
      customerTagTypes: tagNames(t.customer_tag_type_ids),
    })),
    deliveryMethods: deliveryMethods.map((d) => ({
      name: d.display_name,
      type: d.type,
      price: d.price,
      fields: d.fields,
      allowInternationalShipping: d.allow_international_shipping,
      displayBasketNotes: d.display_basket_notes,
      consumerVisible: d.consumer_visible,
      displayOrder: d.display_order,
    })),
    venues: venues.map((v) => ({
      name: v.name,
      displayName: v.display_name,
      country: v.country,
      timeZone: v.time_zone,
      isoCurrencyCode: v.iso_currency_code,
      currencyLocale: v.currency_locale,
      address: v.address,
      configurations: (configurationsOf.get(v.id) ?? []).map(configurationEntry),
    })),
    eventTemplates: templates.map((t) => ({
      code: t.code,
      name: t.name,
      displayName: t.display_name,
      description: t.description,
      venue: t.venue_id === null ? null : venueName.get(t.venue_id)!,
      configuration:
        t.venue_configuration_id === null ? null : configurationOf.get(t.venue_configuration_id)!.name,
      futureTemplateCode: t.future_template_code,
      pastTemplateCode: t.past_template_code,
      soldOutHeader: t.sold_out_header,
      soldOutMessage: t.sold_out_message,
      adaAgreement: t.ada_agreement,
      isCalendarView: t.is_calendar_view,
      noBestAvailable: t.no_best_available,
      orderTicketLimit: t.order_ticket_limit,
      ticketLimitMessage: t.ticket_limit_message,
      maxCompQuantity: t.max_comp_quantity,
      hideFeesUntilCheckout: t.hide_fees_until_checkout,
      secondaryMarketOption: t.secondary_market_option,
      imageUrl: t.image_url,
      mobileImageUrl: t.mobile_image_url,
      isArchived: t.is_archived,
      englishIncomplete: t.english_incomplete,
      texts: (templateTexts.get(t.id) ?? []).map((x) => ({
        language: x.language,
        displayName: x.display_name,
        description: x.description,
        confirmationEmailText: x.confirmation_email_text,
      })),
      defaultPriceLevels: (templateLevels.get(t.id) ?? []).map((l) => ({
        zone: l.zone,
        label: l.label,
        color: l.color,
        displayOrder: l.display_order,
      })),
      defaultPrices: (templatePrices.get(t.id) ?? []).map((p) => ({
        zone: p.zone,
        priceType: typeCode(p.price_type_id),
        amount: p.amount,
      })),
      defaultFees: (templateFees.get(t.id) ?? []).map((f) => ({
        name: f.name,
        scope: f.scope,
        zone: f.zone,
        priceType: f.price_type_id === null ? null : typeCode(f.price_type_id),
        amount: f.amount,
        rateBp: f.rate_bp,
      })),
    })),
    events: events.map(eventEntry),
    promotions: promotions.map((p) => ({
      code: p.code,
      displayName: p.display_name,
      instructionText: p.instruction_text,
      isPresale: p.is_presale,
      hidePresale: p.hide_presale,
      groupPromoCode: p.group_promo_code,
      startsAt: iso(p.starts_at),
      endsAt: iso(p.ends_at),
      discountKind: p.discount_kind,
      discountValue: p.discount_value,
      restrictToCustomerTag: p.restrict_to_customer_tag,
      customerTagTypes: tagNames(p.restrict_to_customer_tag_ids),
      lockedPriceTypes: (p.locked_price_type_ids as number[]).map(typeCode),
      binRestrictions: p.bin_restrictions,
      hideFullRetailPriceOnWeb: p.hide_full_retail_price_on_web,
      isOutletSale: p.is_outlet_sale,
      isArchived: p.is_archived,
      eventTemplates: (promotionTemplates.get(p.id) ?? []).map((t) => templateCode.get(t.event_template_id)!),
      groupCodes: (groupCodes.get(p.id) ?? []).map((g) => g.code),
    })),
    packages: packages.map((p) => ({
      template: templateCode.get(p.event_template_id)!,
      code: p.code,
      name: p.name,
      description: p.description,
      requirePackagePurchase: p.require_package_purchase,
      prices: (packagePrices.get(p.id) ?? []).map((x) => ({
        zone: x.zone,
        priceType: typeCode(x.price_type_id),
        amount: x.amount,
        feeAmount: x.fee_amount,
      })),
      events: (packageEvents.get(p.id) ?? []).map((x) => refOf(x.event_id)),
    })),
    products: products.map((p) => ({
      name: p.name,
      template: p.event_template_id === null ? null : templateCode.get(p.event_template_id)!,
      event: p.event_id === null ? null : refOf(p.event_id),
      description: p.description,
      imageUrl: p.image_url,
      productType: p.product_type_id,
      isActive: p.is_active,
      displayOrder: p.display_order,
      variants: (variants.get(p.id) ?? []).map((v) => ({
        name: v.name,
        price: v.price,
        isActive: v.is_active,
        stock: v.stock,
      })),
    })),
    eventPlans: plans.map((p) => ({
      code: p.code,
      name: p.name,
      displayName: p.display_name,
      description: p.description,
      planType: p.plan_type,
      minQuantity: p.min_quantity,
      maxQuantity: p.max_quantity,
      defaultSeatQty: p.default_seat_qty,
      minSlotsForPurchase: p.min_slots_for_purchase,
      maxSlotsForPurchase: p.max_slots_for_purchase,
      requireSameSeatQty: p.require_same_seat_qty,
      specialLinkedEventSetup: p.special_linked_event_setup,
      template: p.event_template_id === null ? null : templateCode.get(p.event_template_id)!,
      onSaleAt: iso(p.on_sale_at),
      offSaleAt: iso(p.off_sale_at),
      imageUrl: p.image_url,
      isArchived: p.is_archived,
      slots: (slots.get(p.id) ?? []).map((s) => ({
        position: s.position,
        name: s.name,
        isRequired: s.is_required,
        specialLinkedEvent: s.special_linked_event,
        events: (slotEvents.get(s.id) ?? []).map((x) => refOf(x.event_id)),
      })),
    })),
    membershipTypes: membershipTypes.map((m) => ({
      code: m.code,
      name: m.name,
      description: m.description,
      durationMonths: m.duration_months,
      customerTagType: tagName.get(m.customer_tag_type_id) ?? `#${m.customer_tag_type_id}`,
      timeZone: m.time_zone,
      currency: m.currency,
      imageUrl: m.image_url,
      isOnSale: m.is_on_sale,
      archivedAt: iso(m.archived_at),
      levels: (membershipLevels.get(m.id) ?? []).map((l) => ({
        name: l.display_name,
        description: l.description,
        price: l.price,
        discountedDisplayPrice: num(l.discounted_display_price),
        displayOrder: l.display_order,
      })),
    })),
  };
  const hashes = [...new Set([...imageHashesNamed(catalogue), ...(options.alsoImages ?? [])])];
  const images: Row[] =
    hashes.length === 0
      ? []
      : await db('event_template_images')
          .whereIn('hash', hashes)
          .select('hash', 'content_type', 'width', 'height', ...(options.withoutImageData ? [] : ['bytes']));
  return orderSeasonFile({
    ...catalogue,
    images: images.map((i) => ({
      hash: i.hash,
      contentType: i.content_type,
      width: i.width,
      height: i.height,
      data: options.withoutImageData ? '' : (i.bytes as Buffer).toString('base64'),
    })),
  });
};

/** The file as written: two-space JSON with a final newline, byte-identical for one catalogue. */
export const seasonFileText = (file: SeasonFile) => `${JSON.stringify(file, null, 2)}\n`;
