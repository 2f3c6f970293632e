import { localDateTime } from '../catalogue/local-time.ts';
import type { Catalogue, CatalogueRecord, Fields, Json, Kind } from './plan.ts';
import { KINDS } from './plan.ts';
import { orderConfiguration } from './order.ts';
import type { EventRef, SeasonFile } from './season-file.ts';
import { configurationKey, eventKey, keyOf, productKey, promotionKey } from './keys.ts';

export { configurationKey, eventKey, keyOf, productKey, promotionKey } from './keys.ts';

// A season file flattened to records by natural key (plan.ts compares them): one record per row
// an import writes, its children taken out into records of their own (a performance's prices are
// `price` records keyed by performance, zone and price type). Both sides of a comparison are
// flattened here, the database's catalogue after being read into a season file, so the two agree
// field for field.

export interface FileProblem {
  /** A JSON path into the file: `events[3].priceLevels[1].zone`. */
  readonly path: string;
  readonly problem: string;
}

/** 'HAMLET 2026-12-08 19:30': the series and the start on the venue's clock (UTC when unknown). */
export const eventLabel = (ref: EventRef, timeZone: string | undefined) => {
  const at = new Date(ref.startsAt);
  if (Number.isNaN(at.getTime())) return `${ref.template} ${ref.startsAt}`;
  if (timeZone) {
    try {
      return `${ref.template} ${localDateTime(at, timeZone).slice(0, 16).replace('T', ' ')}`;
    } catch {
      // An unknown zone is a problem the file check names; the label falls back to UTC.
    }
  }
  return `${ref.template} ${ref.startsAt.slice(0, 16).replace('T', ' ')} UTC`;
};

const json = (value: unknown): Json => value as Json;

/**
 * `value` without the named fields: a record's own columns, its children taken out. A field left
 * out (undefined) is not one of them: the import leaves it as it is (plan.ts).
 */
const own = (value: object, ...children: string[]): Fields =>
  Object.fromEntries(
    Object.entries(value).filter(([k, v]) => !children.includes(k) && v !== undefined),
  ) as Fields;

/** 'a1b2c3d4e5f6 (image/png, 2×2)' */
export const imageLabel = (i: { hash: string; contentType: string; width: number; height: number }) =>
  `${i.hash.slice(0, 12)} (${i.contentType}, ${i.width}×${i.height})`;

export interface Flattened {
  readonly catalogue: Catalogue;
  readonly problems: readonly FileProblem[];
}

/**
 * The file's records. `timeZoneOf` names a venue's time zone for the labels (the file's or the
 * database's). Two entries with one natural key are a problem, both places named.
 */
export const flattenSeasonFile = (
  file: SeasonFile,
  timeZoneOf: (venue: string) => string | undefined = () => undefined,
): Flattened => {
  const maps = Object.fromEntries(KINDS.map((kind) => [kind, new Map<string, CatalogueRecord>()])) as {
    [K in Kind]: Map<string, CatalogueRecord>;
  };
  const problems: FileProblem[] = [];
  const add = (kind: Kind, record: CatalogueRecord, what: string) => {
    const earlier = maps[kind].get(record.key);
    if (earlier) {
      problems.push({ path: record.path, problem: `${what} is already at ${earlier.path}` });
      return;
    }
    maps[kind].set(record.key, record);
  };
  const rec = (key: string, label: string, path: string, fields: Fields, group = ''): CatalogueRecord => ({
    key,
    label,
    path,
    group,
    fields,
  });

  file.customerTagTypes.forEach((t, i) =>
    add(
      'customerTagType',
      rec(keyOf(t.name), t.name, `customerTagTypes[${i}]`, own(t)),
      `customer tag type "${t.name}"`,
    ),
  );
  file.salesChannels.forEach((c, i) =>
    add(
      'salesChannel',
      rec(keyOf(c.code), c.code, `salesChannels[${i}]`, own(c)),
      `sales channel "${c.code}"`,
    ),
  );
  file.holdClasses.forEach((c, i) => {
    add(
      'holdClass',
      rec(keyOf(c.name), c.name, `holdClasses[${i}]`, own(c, 'subclasses')),
      `hold class "${c.name}"`,
    );
    c.subclasses.forEach((s, j) =>
      add(
        'holdSubclass',
        rec(keyOf(c.name, s.name), `${s.name} (${c.name})`, `holdClasses[${i}].subclasses[${j}]`, {
          ...own(s),
          salesChannels: [...s.salesChannels].sort(),
        }),
        `hold subclass "${s.name}" of "${c.name}"`,
      ),
    );
  });
  file.priceTypes.forEach((t, i) =>
    add(
      'priceType',
      rec(keyOf(t.code), t.code, `priceTypes[${i}]`, {
        ...own(t),
        customerTagTypes: [...t.customerTagTypes].sort(),
      }),
      `price type "${t.code}"`,
    ),
  );
  file.deliveryMethods.forEach((d, i) =>
    add(
      'deliveryMethod',
      rec(keyOf(d.name), d.name, `deliveryMethods[${i}]`, { ...own(d), fields: json(d.fields) }),
      `delivery method "${d.name}"`,
    ),
  );
  file.venues.forEach((v, i) => {
    add('venue', rec(keyOf(v.name), v.name, `venues[${i}]`, own(v, 'configurations')), `venue "${v.name}"`);
    v.configurations.forEach((c, j) =>
      add(
        'configuration',
        rec(
          configurationKey(v.name, c.name),
          `${c.name} of ${v.name}`,
          `venues[${i}].configurations[${j}]`,
          // Compared whatever order the file lists its seats in.
          json(orderConfiguration(c)) as Fields,
        ),
        `configuration "${c.name}" of venue "${v.name}"`,
      ),
    );
  });
  file.images.forEach((image, i) =>
    add(
      'image',
      rec(keyOf(image.hash), imageLabel(image), `images[${i}]`, own(image, 'hash')),
      `image ${image.hash}`,
    ),
  );
  file.eventTemplates.forEach((t, i) => {
    const path = `eventTemplates[${i}]`;
    add(
      'eventTemplate',
      rec(keyOf(t.code), t.code, path, own(t, 'texts', 'defaultPriceLevels', 'defaultPrices', 'defaultFees')),
      `series "${t.code}"`,
    );
    t.texts.forEach((x, j) =>
      add(
        'templateText',
        rec(
          keyOf(t.code, x.language),
          `${x.language} for ${t.code}`,
          `${path}.texts[${j}]`,
          own(x, 'language'),
          t.code,
        ),
        `the ${x.language} text`,
      ),
    );
    t.defaultPriceLevels.forEach((l, j) =>
      add(
        'templatePriceLevel',
        rec(
          keyOf(t.code, l.zone),
          `${l.zone} for ${t.code}`,
          `${path}.defaultPriceLevels[${j}]`,
          own(l, 'zone'),
          t.code,
        ),
        `default price level "${l.zone}"`,
      ),
    );
    t.defaultPrices.forEach((p, j) =>
      add(
        'templatePrice',
        rec(
          keyOf(t.code, p.zone, p.priceType),
          `${p.priceType} in ${p.zone} for ${t.code}`,
          `${path}.defaultPrices[${j}]`,
          own(p, 'zone', 'priceType'),
          t.code,
        ),
        `the default price of ${p.priceType} in ${p.zone}`,
      ),
    );
    t.defaultFees.forEach((f, j) =>
      add(
        'templateFee',
        rec(
          keyOf(t.code, f.name, f.scope, f.zone, f.priceType),
          `${f.name} (${[f.scope, f.zone, f.priceType].filter((x) => x !== null).join(', ')}) for ${t.code}`,
          `${path}.defaultFees[${j}]`,
          own(f, 'name', 'scope', 'zone', 'priceType'),
          t.code,
        ),
        `default fee "${f.name}" (${f.scope}, ${f.zone ?? 'every level'}, ${f.priceType ?? 'every price type'})`,
      ),
    );
  });
  file.events.forEach((e, i) => {
    const ek = eventKey(e);
    const label = eventLabel(e, timeZoneOf(e.venue));
    const path = `events[${i}]`;
    add(
      'event',
      rec(ek, label, path, own(e, 'template', 'startsAt', 'priceLevels', 'prices', 'fees'), e.template),
      `performance ${label}`,
    );
    e.priceLevels.forEach((l, j) =>
      add(
        'priceLevel',
        rec(
          keyOf(e.template, e.startsAt, l.zone),
          `${l.zone} for ${label}`,
          `${path}.priceLevels[${j}]`,
          own(l, 'zone'),
          e.template,
        ),
        `price level "${l.zone}"`,
      ),
    );
    e.prices.forEach((p, j) =>
      add(
        'price',
        rec(
          keyOf(e.template, e.startsAt, p.zone, p.priceType),
          `${p.priceType} in ${p.zone} for ${label}`,
          `${path}.prices[${j}]`,
          own(p, 'zone', 'priceType'),
          e.template,
        ),
        `the price of ${p.priceType} in ${p.zone}`,
      ),
    );
    e.fees.forEach((f, j) =>
      add(
        'fee',
        rec(
          keyOf(e.template, e.startsAt, f.name, f.scope, f.zone, f.priceType),
          `${f.name} (${[f.scope, f.zone, f.priceType].filter((x) => x !== null).join(', ')}) for ${label}`,
          `${path}.fees[${j}]`,
          own(f, 'name', 'scope', 'zone', 'priceType'),
          e.template,
        ),
        `fee "${f.name}" (${f.scope}, ${f.zone ?? 'every level'}, ${f.priceType ?? 'every price type'})`,
      ),
    );
  });
  file.promotions.forEach((p, i) => {
    const key = promotionKey(p);
    const name = p.code ?? p.displayName;
    add(
      'promotion',
      rec(key, name, `promotions[${i}]`, {
        ...own(p, 'groupCodes'),
        customerTagTypes: [...p.customerTagTypes].sort(),
        lockedPriceTypes: [...p.lockedPriceTypes].sort(),
        binRestrictions: [...p.binRestrictions].sort(),
        eventTemplates: [...p.eventTemplates].sort(),
      }),
      p.code === null ? `promotion "${p.displayName}" (no code)` : `promotion code "${p.code}"`,
    );
    p.groupCodes.forEach((code, j) =>
      add(
        'promotionGroupCode',
        rec(keyOf(key, code), `group code ${code} of ${name}`, `promotions[${i}].groupCodes[${j}]`, {}),
        `group code "${code}"`,
      ),
    );
  });
  file.packages.forEach((p, i) => {
    const name = `${p.code} of ${p.template}`;
    add(
      'package',
      rec(keyOf(p.template, p.code), name, `packages[${i}]`, {
        ...own(p, 'template', 'code', 'prices', 'events'),
        events: [...p.events.map(eventKey)].sort(),
      }),
      `package "${p.code}" of "${p.template}"`,
    );
    p.prices.forEach((price, j) =>
      add(
        'packagePrice',
        rec(
          keyOf(p.template, p.code, price.zone, price.priceType),
          `${price.priceType} in ${price.zone} for package ${name}`,
          `packages[${i}].prices[${j}]`,
          own(price, 'zone', 'priceType'),
        ),
        `the package price of ${price.priceType} in ${price.zone}`,
      ),
    );
  });
  const venueOfEvent = new Map(file.events.map((e) => [eventKey(e), e.venue]));
  file.products.forEach((p, i) => {
    const key = productKey(p);
    const label = p.event
      ? `${p.name} for ${eventLabel(p.event, timeZoneOf(venueOfEvent.get(eventKey(p.event)) ?? ''))}`
      : p.template !== null
        ? `${p.name} (${p.template})`
        : p.name;
    add(
      'product',
      rec(key, label, `products[${i}]`, {
        ...own(p, 'name', 'template', 'event', 'variants'),
      }),
      `product "${label}"`,
    );
    p.variants.forEach((v, j) =>
      add(
        'productVariant',
        rec(keyOf(key, v.name), `${v.name} of ${label}`, `products[${i}].variants[${j}]`, own(v, 'name')),
        `variant "${v.name}"`,
      ),
    );
  });
  file.eventPlans.forEach((p, i) => {
    add('eventPlan', rec(keyOf(p.code), p.code, `eventPlans[${i}]`, own(p, 'slots')), `plan "${p.code}"`);
    p.slots.forEach((s, j) =>
      add(
        'eventPlanSlot',
        rec(keyOf(p.code, s.position), `slot ${s.position} of ${p.code}`, `eventPlans[${i}].slots[${j}]`, {
          ...own(s),
          events: [...s.events.map(eventKey)].sort(),
        }),
        `slot ${s.position}`,
      ),
    );
  });
  file.membershipTypes.forEach((m, i) => {
    const key = keyOf(m.code.toLowerCase());
    add(
      'membershipType',
      rec(key, m.code, `membershipTypes[${i}]`, own(m, 'levels')),
      `membership type "${m.code}"`,
    );
    m.levels.forEach((l, j) =>
      add(
        'membershipLevel',
        rec(
          keyOf(m.code.toLowerCase(), l.name),
          `${l.name} of ${m.code}`,
          `membershipTypes[${i}].levels[${j}]`,
          own(l),
        ),
        `membership level "${l.name}"`,
      ),
    );
  });
  return { catalogue: maps, problems };
};
