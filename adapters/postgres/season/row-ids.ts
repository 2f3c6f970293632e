import type { Knex } from 'knex';
import { eventKey, keyOf, productKey, promotionKey } from '../../../core/season/catalogue.ts';
import type { Kind } from '../../../core/season/plan.ts';

// The id of every catalogue row by its natural key (the key core/season/catalogue.ts gives its
// record), so an import finds the row a change is about, and the rows a new one refers to. Rows
// made by the import are added as they are made. Rows without an id of their own (a series'
// texts and default prices, images) are found by their key columns (write-changes.ts): their maps
// stay empty.

export type RowIds = { readonly [K in Kind]: Map<string, number> };

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const iso = (value: Date) => value.toISOString();

const mapOf = (rows: readonly Row[], key: (row: Row) => string) => {
  const map = new Map<string, number>();
  // Two rows with one natural key (venues have no unique name): the first by id is the one named.
  for (const row of [...rows].sort((a, b) => a.id - b.id)) if (!map.has(key(row))) map.set(key(row), row.id);
  return map;
};

export const readRowIds = async (db: Knex): Promise<RowIds> => {
  const events: Row[] = await db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .select('e.id', 't.code as template', 'e.starts_at');
  const eventKeyOf = new Map(events.map((e) => [e.id, [e.template as string, iso(e.starts_at)] as const]));
  const ev = (id: number) => eventKeyOf.get(id)!;
  const promotions: Row[] = await db('promotions').select('id', 'code', 'display_name');
  const promotionKeyOf = new Map(
    promotions.map((p) => [p.id, promotionKey({ code: p.code, displayName: p.display_name })]),
  );
  const products: Row[] = await db('products as p')
    .leftJoin('event_templates as t', 't.id', 'p.event_template_id')
    .select('p.id', 'p.name', 'p.event_id', 't.code as template');
  const productKeyOf = new Map(
    products.map((p) => {
      const event = p.event_id === null ? null : ev(p.event_id);
      return [
        p.id,
        productKey({
          name: p.name,
          template: p.template,
          event: event ? { template: event[0], startsAt: event[1] } : null,
        }),
      ];
    }),
  );
  const levels: Row[] = await db('price_levels').select('id', 'event_id', 'zone');
  const levelZone = new Map(levels.map((l) => [l.id, l.zone as string]));
  const typeCode = new Map(
    ((await db('price_types').select('id', 'code')) as Row[]).map((t) => [t.id, t.code as string]),
  );

  return {
    customerTagType: mapOf(await db('customer_tag_types').select('id', 'name'), (r) => keyOf(r.name)),
    salesChannel: mapOf(await db('sales_channels').select('id', 'code'), (r) => keyOf(r.code)),
    holdClass: mapOf(await db('hold_classes').select('id', 'name'), (r) => keyOf(r.name)),
    holdSubclass: mapOf(
      await db('hold_subclasses as s')
        .join('hold_classes as c', 'c.id', 's.hold_class_id')
        .select('s.id', 's.name', 'c.name as class'),
      (r) => keyOf(r.class, r.name),
    ),
    priceType: mapOf(
      [...typeCode].map(([id, code]) => ({ id, code })),
      (r) => keyOf(r.code),
    ),
    deliveryMethod: mapOf(await db('delivery_methods').select('id', 'display_name'), (r) =>
      keyOf(r.display_name),
    ),
    venue: mapOf(await db('venues').select('id', 'name'), (r) => keyOf(r.name)),
    configuration: mapOf(
      await db('venue_configurations as c')
        .join('venues as v', 'v.id', 'c.venue_id')
        .select('c.id', 'c.name', 'v.name as venue'),
      (r) => keyOf(r.venue, r.name),
    ),
    eventTemplate: mapOf(await db('event_templates').select('id', 'code'), (r) => keyOf(r.code)),
    image: new Map(),
    templateText: new Map(),
    templatePriceLevel: mapOf(
      await db('event_template_price_levels as l')
        .join('event_templates as t', 't.id', 'l.event_template_id')
        .select('l.id', 'l.zone', 't.code'),
      (r) => keyOf(r.code, r.zone),
    ),
    templatePrice: new Map(),
    templateFee: mapOf(
      await db('event_template_fees as f')
        .join('event_templates as t', 't.id', 'f.event_template_id')
        .select('f.id', 'f.name', 'f.scope', 'f.zone', 'f.price_type_id', 't.code'),
      (r) =>
        keyOf(
          r.code,
          r.name,
          r.scope,
          r.zone,
          r.price_type_id === null ? null : typeCode.get(r.price_type_id)!,
        ),
    ),
    event: mapOf(events, (r) => eventKey({ template: r.template, startsAt: iso(r.starts_at) })),
    priceLevel: mapOf(levels, (r) => keyOf(...ev(r.event_id), r.zone)),
    price: mapOf(await db('prices').select('id', 'event_id', 'price_level_id', 'price_type_id'), (r) =>
      keyOf(...ev(r.event_id), levelZone.get(r.price_level_id)!, typeCode.get(r.price_type_id)!),
    ),
    fee: mapOf(
      await db('fees').select('id', 'event_id', 'price_level_id', 'price_type_id', 'name', 'scope'),
      (r) =>
        keyOf(
          ...ev(r.event_id),
          r.name,
          r.scope,
          r.price_level_id === null ? null : levelZone.get(r.price_level_id)!,
          r.price_type_id === null ? null : typeCode.get(r.price_type_id)!,
        ),
    ),
    promotion: mapOf(promotions, (r) => promotionKeyOf.get(r.id)!),
    promotionGroupCode: mapOf(await db('promotion_group_codes').select('id', 'promotion_id', 'code'), (r) =>
      keyOf(promotionKeyOf.get(r.promotion_id)!, r.code),
    ),
    package: mapOf(
      await db('packages as p')
        .join('event_templates as t', 't.id', 'p.event_template_id')
        .select('p.id', 'p.code', 't.code as template'),
      (r) => keyOf(r.template, r.code),
    ),
    packagePrice: mapOf(
      await db('package_prices as x')
        .join('packages as p', 'p.id', 'x.package_id')
        .join('event_templates as t', 't.id', 'p.event_template_id')
        .select('x.id', 'x.zone', 'x.price_type_id', 'p.code', 't.code as template'),
      (r) => keyOf(r.template, r.code, r.zone, typeCode.get(r.price_type_id)!),
    ),
    product: mapOf(products, (r) => productKeyOf.get(r.id)!),
    productVariant: mapOf(await db('product_variants').select('id', 'product_id', 'name'), (r) =>
      keyOf(productKeyOf.get(r.product_id)!, r.name),
    ),
    eventPlan: mapOf(await db('event_plans').select('id', 'code'), (r) => keyOf(r.code)),
    eventPlanSlot: mapOf(
      await db('event_plan_slots as s')
        .join('event_plans as p', 'p.id', 's.event_plan_id')
        .select('s.id', 's.position', 'p.code'),
      (r) => keyOf(r.code, r.position),
    ),
    membershipType: mapOf(await db('membership_types').select('id', 'code'), (r) =>
      keyOf(r.code.toLowerCase()),
    ),
    membershipLevel: mapOf(
      await db('membership_price_levels as l')
        .join('membership_types as m', 'm.id', 'l.membership_type_id')
        .select('l.id', 'l.display_name', 'm.code'),
      (r) => keyOf(r.code.toLowerCase(), r.display_name),
    ),
  };
};
