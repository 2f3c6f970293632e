import type { Knex } from 'knex';
import { insertSeats } from '../catalogue/insert-seats.ts';
import { KINDS, type Change, type Fields, type Kind } from '../../../core/season/plan.ts';
import type { ConfigurationEntry, EventRef } from '../../../core/season/season-file.ts';
import { eventKey, keyOf } from '../../../core/season/catalogue.ts';
import { kindNoun } from '../../../core/season/describe.ts';
import type { RowIds } from './row-ids.ts';

// A plan's changes written to the tables, kind by kind in core/season/plan.ts's order (a parent
// before its children): new rows in batches, changed rows one by one. Nothing is deleted but the
// links a changed record lists (a promotion's series, a package's or a plan slot's performances,
// a hold subclass's channels), which become the file's list. A field the file leaves out is not
// written (a new row takes the column's default). A changed venue, series or performance moves its
// version on, as a save on the screens does, so a screen holding the old version is refused
// instead of saving over the import; so does a series whose texts change (its form holds them).
// Runs inside the import's transaction.

type Row = Record<string, unknown>;
type Parts = readonly (string | number | null)[];

const BATCH = 1000;

const parts = (key: string) => JSON.parse(key) as Parts;
const str = (part: string | number | null | undefined) => part as string;
const at = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

class MissingRow extends Error {}

const idOf = (ids: RowIds, kind: Kind, key: string): number => {
  const id = ids[kind].get(key);
  if (id === undefined) throw new MissingRow(`season import: no ${kind} ${key}`);
  return id;
};

interface KindWriter {
  readonly table: string;
  /** The row's columns from its key and fields (every column the file holds). */
  readonly columns: (key: Parts, fields: Fields, ids: RowIds) => Row;
  /** Columns written only when the row is made (live counts). */
  readonly createOnly?: readonly string[];
  /** After the row is written: its link rows made the file's. */
  readonly links?: (trx: Knex.Transaction, id: number, fields: Fields, ids: RowIds) => Promise<void>;
  /** A table without an id: the columns that find the row. */
  readonly match?: (key: Parts, ids: RowIds) => Row;
  /** An update moves the row's version on (the screens' save check). */
  readonly versioned?: boolean;
}

const templateId = (ids: RowIds, code: string | number | null | undefined) =>
  idOf(ids, 'eventTemplate', keyOf(str(code)));

const eventId = (ids: RowIds, ref: EventRef) => idOf(ids, 'event', eventKey(ref));
const eventIdOfKey = (ids: RowIds, key: string) => idOf(ids, 'event', key);

const replaceLinks = async (
  trx: Knex.Transaction,
  table: string,
  owner: string,
  id: number,
  other: string,
  ids: readonly number[],
) => {
  await trx(table).where(owner, id).whereNotIn(other, ids).delete();
  if (ids.length > 0)
    await trx(table)
      .insert(ids.map((o) => ({ [owner]: id, [other]: o })))
      .onConflict([owner, other])
      .ignore();
};

const WRITERS: { readonly [K in Exclude<Kind, 'configuration'>]: KindWriter } = {
  customerTagType: {
    table: 'customer_tag_types',
    columns: (_, f) => ({
      name: f.name,
      kind: f.kind,
      opt_in_text: f.optInText,
      default_checked: f.defaultChecked,
    }),
  },
  salesChannel: {
    table: 'sales_channels',
    columns: (_, f) => ({ code: f.code, name: f.name, is_admin: f.isAdmin }),
  },
  holdClass: { table: 'hold_classes', columns: (_, f) => ({ name: f.name }) },
  holdSubclass: {
    table: 'hold_subclasses',
    columns: (k, f, ids) => ({
      hold_class_id: idOf(ids, 'holdClass', keyOf(str(k[0]))),
      name: f.name,
      is_kill: f.isKill,
      is_archived: f.isArchived,
    }),
    links: (trx, id, f, ids) =>
      replaceLinks(
        trx,
        'hold_subclass_sales_channels',
        'hold_subclass_id',
        id,
        'sales_channel_id',
        (f.salesChannels as string[]).map((c) => idOf(ids, 'salesChannel', keyOf(c))),
      ),
  },
  priceType: {
    table: 'price_types',
    columns: (_, f, ids) => ({
      code: f.code,
      name: f.name,
      description: f.description,
      is_default: f.isDefault,
      is_comp: f.isComp,
      consumer_visible: f.consumerVisible,
      display_order: f.displayOrder,
      customer_tag_type_ids: (f.customerTagTypes as string[]).map((n) =>
        idOf(ids, 'customerTagType', keyOf(n)),
      ),
    }),
  },
  deliveryMethod: {
    table: 'delivery_methods',
    columns: (_, f) => ({
      display_name: f.name,
      type: f.type,
      price: f.price,
      fields: JSON.stringify(f.fields),
      allow_international_shipping: f.allowInternationalShipping,
      display_basket_notes: f.displayBasketNotes,
      consumer_visible: f.consumerVisible,
      display_order: f.displayOrder,
    }),
  },
  venue: {
    table: 'venues',
    versioned: true,
    columns: (_, f) => ({
      name: f.name,
      display_name: f.displayName,
      country: f.country,
      time_zone: f.timeZone,
      iso_currency_code: f.isoCurrencyCode,
      currency_locale: f.currencyLocale,
      address: f.address,
    }),
  },
  eventTemplate: {
    table: 'event_templates',
    columns: (_, f, ids) => ({
      code: f.code,
      name: f.name,
      display_name: f.displayName,
      description: f.description,
      venue_id: f.venue === null ? null : idOf(ids, 'venue', keyOf(str(f.venue as string))),
      venue_configuration_id:
        f.venue === null || f.configuration === null
          ? null
          : idOf(ids, 'configuration', keyOf(f.venue as string, f.configuration as string)),
      future_template_code: f.futureTemplateCode,
      past_template_code: f.pastTemplateCode,
      sold_out_header: f.soldOutHeader,
      sold_out_message: f.soldOutMessage,
      ada_agreement: f.adaAgreement,
      is_calendar_view: f.isCalendarView,
      no_best_available: f.noBestAvailable,
      order_ticket_limit: f.orderTicketLimit,
      ticket_limit_message: f.ticketLimitMessage,
      max_comp_quantity: f.maxCompQuantity,
      hide_fees_until_checkout: f.hideFeesUntilCheckout,
      secondary_market_option: f.secondaryMarketOption,
      image_url: f.imageUrl,
      mobile_image_url: f.mobileImageUrl,
      is_archived: f.isArchived,
      english_incomplete: f.englishIncomplete,
    }),
    versioned: true,
  },
  image: {
    table: 'event_template_images',
    match: (k) => ({ hash: k[0] }),
    columns: (k, f) => ({
      hash: k[0],
      content_type: f.contentType,
      width: f.width,
      height: f.height,
      bytes: typeof f.data === 'string' ? Buffer.from(f.data, 'base64') : undefined,
    }),
    createOnly: ['bytes'],
  },
  templateText: {
    table: 'event_template_texts',
    match: (k, ids) => ({ event_template_id: templateId(ids, k[0]), language: k[1] }),
    columns: (k, f, ids) => ({
      event_template_id: templateId(ids, k[0]),
      language: k[1],
      display_name: f.displayName,
      description: f.description,
      confirmation_email_text: f.confirmationEmailText,
    }),
  },
  templatePriceLevel: {
    table: 'event_template_price_levels',
    columns: (k, f, ids) => ({
      event_template_id: templateId(ids, k[0]),
      zone: k[1],
      label: f.label,
      color: f.color,
      display_order: f.displayOrder,
    }),
  },
  templatePrice: {
    table: 'event_template_prices',
    match: (k, ids) => ({
      event_template_id: templateId(ids, k[0]),
      zone: k[1],
      price_type_id: idOf(ids, 'priceType', keyOf(k[2]!)),
    }),
    columns: (k, f, ids) => ({
      event_template_id: templateId(ids, k[0]),
      zone: k[1],
      price_type_id: idOf(ids, 'priceType', keyOf(k[2]!)),
      amount: f.amount,
    }),
  },
  templateFee: {
    table: 'event_template_fees',
    columns: (k, f, ids) => ({
      event_template_id: templateId(ids, k[0]),
      name: k[1],
      scope: k[2],
      zone: k[3],
      price_type_id: k[4] === null ? null : idOf(ids, 'priceType', keyOf(k[4]!)),
      amount: f.amount,
      rate_bp: f.rateBp,
    }),
  },
  event: {
    table: 'events',
    // The linked performance may be made in the same import: linked after every row is in.
    columns: (k, f, ids) => ({
      event_template_id: idOf(ids, 'eventTemplate', keyOf(str(k[0]))),
      venue_configuration_id: idOf(ids, 'configuration', keyOf(f.venue as string, f.configuration as string)),
      starts_at: at(k[1]),
      name: f.name,
      url_safe_name: f.urlSafeName,
      ends_at: at(f.endsAt),
      on_sale_at: at(f.onSaleAt),
      off_sale_at: f.offSaleAt === undefined ? undefined : at(f.offSaleAt),
      is_presale: f.isPresale,
      use_heavy_on_sale: f.useHeavyOnSale,
      has_products: f.hasProducts,
      secondary_market_event_id: f.secondaryMarketEventId,
      special_linked_event: f.specialLinkedEvent,
      upfront_fee_disclosure: f.upfrontFeeDisclosure,
      mobile_image_url: f.mobileImageUrl,
      status: f.status,
    }),
    createOnly: ['status', 'venue_configuration_id'],
    versioned: true,
    links: async (trx, id, f, ids) => {
      const linked = f.linkedEvent as EventRef | null;
      await trx('events')
        .where({ id })
        .update({ linked_event_id: linked === null ? null : eventId(ids, linked) });
    },
  },
  priceLevel: {
    table: 'price_levels',
    columns: (k, f, ids) => ({
      event_id: eventIdOfKey(ids, keyOf(k[0]!, k[1]!)),
      zone: k[2],
      label: f.label,
      description: f.description,
      color: f.color,
      display_order: f.displayOrder,
    }),
  },
  price: {
    table: 'prices',
    columns: (k, f, ids) => ({
      event_id: eventIdOfKey(ids, keyOf(k[0]!, k[1]!)),
      price_level_id: idOf(ids, 'priceLevel', keyOf(k[0]!, k[1]!, k[2]!)),
      price_type_id: idOf(ids, 'priceType', keyOf(k[3]!)),
      amount: f.amount,
    }),
  },
  fee: {
    table: 'fees',
    columns: (k, f, ids) => ({
      event_id: eventIdOfKey(ids, keyOf(k[0]!, k[1]!)),
      name: k[2],
      scope: k[3],
      price_level_id: k[4] === null ? null : idOf(ids, 'priceLevel', keyOf(k[0]!, k[1]!, k[4]!)),
      price_type_id: k[5] === null ? null : idOf(ids, 'priceType', keyOf(k[5]!)),
      amount: f.amount,
      rate_bp: f.rateBp,
    }),
  },
  promotion: {
    table: 'promotions',
    columns: (_, f, ids) => ({
      code: f.code,
      display_name: f.displayName,
      instruction_text: f.instructionText,
      is_presale: f.isPresale,
      hide_presale: f.hidePresale,
      group_promo_code: f.groupPromoCode,
      starts_at: at(f.startsAt),
      ends_at: at(f.endsAt),
      discount_kind: f.discountKind,
      discount_value: f.discountValue,
      restrict_to_customer_tag: f.restrictToCustomerTag,
      restrict_to_customer_tag_ids: (f.customerTagTypes as string[]).map((n) =>
        idOf(ids, 'customerTagType', keyOf(n)),
      ),
      locked_price_type_ids: (f.lockedPriceTypes as string[]).map((c) => idOf(ids, 'priceType', keyOf(c))),
      bin_restrictions: f.binRestrictions,
      hide_full_retail_price_on_web: f.hideFullRetailPriceOnWeb,
      is_outlet_sale: f.isOutletSale,
      is_archived: f.isArchived,
    }),
    links: (trx, id, f, ids) =>
      replaceLinks(
        trx,
        'promotion_event_templates',
        'promotion_id',
        id,
        'event_template_id',
        (f.eventTemplates as string[]).map((c) => idOf(ids, 'eventTemplate', keyOf(c))),
      ),
  },
  promotionGroupCode: {
    table: 'promotion_group_codes',
    columns: (k, _, ids) => ({ promotion_id: idOf(ids, 'promotion', str(k[0])), code: k[1] }),
  },
  package: {
    table: 'packages',
    columns: (k, f, ids) => ({
      event_template_id: idOf(ids, 'eventTemplate', keyOf(k[0]!)),
      code: k[1],
      name: f.name,
      description: f.description,
      require_package_purchase: f.requirePackagePurchase,
    }),
    links: (trx, id, f, ids) =>
      replaceLinks(
        trx,
        'package_events',
        'package_id',
        id,
        'event_id',
        (f.events as string[]).map((key) => eventIdOfKey(ids, key)),
      ),
  },
  packagePrice: {
    table: 'package_prices',
    columns: (k, f, ids) => ({
      package_id: idOf(ids, 'package', keyOf(k[0]!, k[1]!)),
      zone: k[2],
      price_type_id: idOf(ids, 'priceType', keyOf(k[3]!)),
      amount: f.amount,
      fee_amount: f.feeAmount,
    }),
  },
  product: {
    table: 'products',
    columns: (k, f, ids) => ({
      name: k[k.length - 1],
      event_template_id: k[0] === 'template' ? idOf(ids, 'eventTemplate', keyOf(k[1]!)) : null,
      event_id: k[0] === 'event' ? eventIdOfKey(ids, keyOf(k[1]!, k[2]!)) : null,
      description: f.description,
      image_url: f.imageUrl,
      product_type_id: f.productType,
      is_active: f.isActive,
      display_order: f.displayOrder,
    }),
  },
  productVariant: {
    table: 'product_variants',
    columns: (k, f, ids) => ({
      product_id: idOf(ids, 'product', str(k[0])),
      name: k[1],
      price: f.price,
      is_active: f.isActive,
      stock: f.stock,
    }),
    createOnly: ['stock'],
  },
  eventPlan: {
    table: 'event_plans',
    columns: (_, f, ids) => ({
      code: f.code,
      name: f.name,
      display_name: f.displayName,
      description: f.description,
      plan_type: f.planType,
      min_quantity: f.minQuantity,
      max_quantity: f.maxQuantity,
      default_seat_qty: f.defaultSeatQty,
      min_slots_for_purchase: f.minSlotsForPurchase,
      max_slots_for_purchase: f.maxSlotsForPurchase,
      require_same_seat_qty: f.requireSameSeatQty,
      special_linked_event_setup: f.specialLinkedEventSetup,
      event_template_id: f.template === null ? null : idOf(ids, 'eventTemplate', keyOf(f.template as string)),
      on_sale_at: at(f.onSaleAt),
      off_sale_at: at(f.offSaleAt),
      image_url: f.imageUrl,
      is_archived: f.isArchived,
    }),
  },
  eventPlanSlot: {
    table: 'event_plan_slots',
    columns: (k, f, ids) => ({
      event_plan_id: idOf(ids, 'eventPlan', keyOf(k[0]!)),
      position: k[1],
      name: f.name,
      is_required: f.isRequired,
      special_linked_event: f.specialLinkedEvent,
    }),
    links: (trx, id, f, ids) =>
      replaceLinks(
        trx,
        'event_plan_slot_events',
        'event_plan_slot_id',
        id,
        'event_id',
        (f.events as string[]).map((key) => eventIdOfKey(ids, key)),
      ),
  },
  membershipType: {
    table: 'membership_types',
    columns: (_, f, ids) => ({
      code: f.code,
      name: f.name,
      description: f.description,
      duration_months: f.durationMonths,
      customer_tag_type_id: idOf(ids, 'customerTagType', keyOf(f.customerTagType as string)),
      time_zone: f.timeZone,
      currency: f.currency,
      image_url: f.imageUrl,
      is_on_sale: f.isOnSale,
      archived_at: at(f.archivedAt),
    }),
  },
  membershipLevel: {
    table: 'membership_price_levels',
    columns: (k, f, ids) => ({
      membership_type_id: idOf(ids, 'membershipType', keyOf(k[0]!)),
      display_name: k[1],
      description: f.description,
      price: f.price,
      discounted_display_price: f.discountedDisplayPrice,
      display_order: f.displayOrder,
    }),
  },
};

/** A new configuration: its row, seat alerts, sections and seats, as the venue import stores them. */
const insertConfiguration = async (trx: Knex.Transaction, key: Parts, c: ConfigurationEntry, ids: RowIds) => {
  const [row] = await trx('venue_configurations')
    .insert({
      venue_id: idOf(ids, 'venue', keyOf(key[0]!)),
      name: c.name,
      svg: c.svg,
      width: c.width,
      height: c.height,
      focal_x: c.focalPoint.x,
      focal_y: c.focalPoint.y,
    })
    .returning('id');
  const configurationId: number = row.id;
  const alertIds = new Map<string, number>();
  if (c.seatAlerts.length > 0) {
    const rows: { id: number; name: string }[] = await trx('seat_alerts')
      .insert(
        c.seatAlerts.map((a) => ({
          venue_configuration_id: configurationId,
          name: a.name,
          message: a.message,
          requires_acknowledgement: a.requiresAcknowledgement,
        })),
      )
      .returning(['id', 'name']);
    for (const r of rows) alertIds.set(r.name, r.id);
  }
  const sectionIds = new Map<string, number>();
  if (c.sections.length > 0) {
    const rows: { id: number; code: string }[] = await trx('sections')
      .insert(
        c.sections.map((s) => ({
          venue_configuration_id: configurationId,
          code: s.code,
          name: s.name,
          is_ga: s.gaCapacity !== null,
          ga_capacity: s.gaCapacity,
          zone: s.zone,
          label_x: s.label?.x ?? null,
          label_y: s.label?.y ?? null,
          display_order: s.displayOrder,
        })),
      )
      .returning(['id', 'code']);
    for (const r of rows) sectionIds.set(r.code, r.id);
  }
  await insertSeats(
    trx,
    configurationId,
    c.seats.map((s) => ({
      sectionId: sectionIds.get(s.section) ?? null,
      row: s.row,
      number: s.number,
      key: s.key,
      x: s.x,
      y: s.y,
      viewFromSeatRow: s.viewFromSeatRow,
      focalLengthFactor: s.focalLengthFactor,
      zone: s.zone,
      qualityRank: s.qualityRank,
      adaType: s.accessible,
      seatAlertId: s.alert === null ? null : (alertIds.get(s.alert) ?? null),
    })),
  );
  return configurationId;
};

/** The row without `columns` and without the fields the file left out (undefined). */
const without = (row: Row, columns: readonly string[] = []) =>
  Object.fromEntries(Object.entries(row).filter(([c, v]) => !columns.includes(c) && v !== undefined));

export interface WriteProgress {
  (step: string, done: number, total: number): void;
}

/** Writes `changes` (a plan's, in KINDS order); answers the ids of the performances it made. */
export const writeChanges = async (
  trx: Knex.Transaction,
  changes: readonly Change[],
  ids: RowIds,
  progress: WriteProgress = () => undefined,
): Promise<number[]> => {
  const madeEvents: number[] = [];
  let done = 0;
  for (const kind of KINDS) {
    const ofKind = changes.filter((c) => c.kind === kind);
    if (ofKind.length === 0) continue;
    progress(`writing ${kindNoun(kind, 2)}`, done, changes.length);
    if (kind === 'configuration') {
      for (const change of ofKind) {
        const id = await insertConfiguration(
          trx,
          parts(change.record.key),
          change.record.fields as unknown as ConfigurationEntry,
          ids,
        );
        ids.configuration.set(change.record.key, id);
      }
      done += ofKind.length;
      continue;
    }
    const writer = WRITERS[kind];
    const creates = ofKind.filter((c) => c.action === 'create');
    for (let start = 0; start < creates.length; start += BATCH) {
      const batch = creates.slice(start, start + BATCH);
      // A column some rows leave out is written DEFAULT for them (knex, PostgreSQL).
      const insert = trx(writer.table).insert(
        batch.map((c) => without(writer.columns(parts(c.record.key), c.record.fields, ids))),
      );
      if (writer.match) await insert;
      else {
        const rows: { id: number }[] = await insert.returning('id');
        // PostgreSQL answers a multi-row insert's rows in the order given.
        batch.forEach((c, i) => ids[kind].set(c.record.key, rows[i]!.id));
        if (kind === 'event') madeEvents.push(...rows.map((r) => r.id));
      }
      done += batch.length;
      progress(`writing ${kindNoun(kind, 2)}`, done, changes.length);
    }
    for (const change of ofKind.filter((c) => c.action === 'update')) {
      const key = parts(change.record.key);
      const where = writer.match ? writer.match(key, ids) : { id: idOf(ids, kind, change.record.key) };
      await trx(writer.table)
        .where(where)
        .update({
          ...without(writer.columns(key, change.record.fields, ids), writer.createOnly),
          ...(writer.versioned ? { version: trx.raw('version + 1') } : {}),
        });
      done += 1;
    }
    if (writer.links)
      for (const change of ofKind)
        await writer.links(trx, idOf(ids, kind, change.record.key), change.record.fields, ids);
  }
  await moveTextsVersions(trx, changes, ids);
  return madeEvents;
};

/** A series made earlier whose texts change (and whose own row does not) moves its version on. */
const moveTextsVersions = async (trx: Knex.Transaction, changes: readonly Change[], ids: RowIds) => {
  const made = new Set(
    changes.filter((c) => c.kind === 'eventTemplate' && c.action === 'create').map((c) => c.record.key),
  );
  const updated = new Set(
    changes.filter((c) => c.kind === 'eventTemplate' && c.action === 'update').map((c) => c.record.key),
  );
  const templates = new Set(
    changes
      .filter((c) => c.kind === 'templateText')
      .map((c) => keyOf(str(parts(c.record.key)[0])))
      .filter((key) => !made.has(key) && !updated.has(key)),
  );
  if (templates.size > 0)
    await trx('event_templates')
      .whereIn(
        'id',
        [...templates].map((key) => idOf(ids, 'eventTemplate', key)),
      )
      .update({ version: trx.raw('version + 1') });
};
