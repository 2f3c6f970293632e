import { productKey, promotionKey } from './keys.ts';
import type { ConfigurationEntry, EventRef, SeasonFile } from './season-file.ts';

// One order for every list of a season file, by natural key, so two exports of one catalogue are
// byte for byte the same whatever order the database answered in. Strings compare by code unit
// (not by locale: the same on every machine); null sorts first.

type Part = string | number | null;

const compareParts = (a: readonly Part[], b: readonly Part[]): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return -1;
    if (y === null) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
};

const by =
  <T>(parts: (item: T) => readonly Part[]) =>
  (items: readonly T[]): T[] =>
    [...items].sort((a, b) => compareParts(parts(a), parts(b)));

const strings = by((s: string) => [s]);
const events = by((e: EventRef) => [e.template, e.startsAt]);

/** A seat map's notices, sections and seats in their one order. */
export const orderConfiguration = (c: ConfigurationEntry): ConfigurationEntry => ({
  ...c,
  seatAlerts: by((a: (typeof c.seatAlerts)[number]) => [a.name])(c.seatAlerts),
  sections: by((s: (typeof c.sections)[number]) => [s.code])(c.sections),
  seats: by((s: (typeof c.seats)[number]) => [s.key])(c.seats),
});

/** `file` with every list in its one order. */
export const orderSeasonFile = (file: SeasonFile): SeasonFile => ({
  version: file.version,
  customerTagTypes: by((t: SeasonFile['customerTagTypes'][number]) => [t.name])(file.customerTagTypes),
  salesChannels: by((c: SeasonFile['salesChannels'][number]) => [c.code])(file.salesChannels),
  holdClasses: by((c: SeasonFile['holdClasses'][number]) => [c.name])(file.holdClasses).map((c) => ({
    ...c,
    subclasses: by((s: (typeof c.subclasses)[number]) => [s.name])(c.subclasses).map((s) => ({
      ...s,
      salesChannels: strings(s.salesChannels),
    })),
  })),
  priceTypes: by((t: SeasonFile['priceTypes'][number]) => [t.code])(file.priceTypes).map((t) => ({
    ...t,
    customerTagTypes: strings(t.customerTagTypes),
  })),
  deliveryMethods: by((d: SeasonFile['deliveryMethods'][number]) => [d.name])(file.deliveryMethods),
  venues: by((v: SeasonFile['venues'][number]) => [v.name])(file.venues).map((v) => ({
    ...v,
    configurations: by((c: (typeof v.configurations)[number]) => [c.name])(v.configurations).map(
      orderConfiguration,
    ),
  })),
  eventTemplates: by((t: SeasonFile['eventTemplates'][number]) => [t.code])(file.eventTemplates).map((t) => ({
    ...t,
    texts: by((x: (typeof t.texts)[number]) => [x.language])(t.texts),
    defaultPriceLevels: by((l: (typeof t.defaultPriceLevels)[number]) => [l.zone])(t.defaultPriceLevels),
    defaultPrices: by((p: (typeof t.defaultPrices)[number]) => [p.zone, p.priceType])(t.defaultPrices),
    defaultFees: by((f: (typeof t.defaultFees)[number]) => [f.name, f.scope, f.zone, f.priceType])(
      t.defaultFees,
    ),
  })),
  events: by((e: SeasonFile['events'][number]) => [e.template, e.startsAt])(file.events).map((e) => ({
    ...e,
    priceLevels: by((l: (typeof e.priceLevels)[number]) => [l.zone])(e.priceLevels),
    prices: by((p: (typeof e.prices)[number]) => [p.zone, p.priceType])(e.prices),
    fees: by((f: (typeof e.fees)[number]) => [f.name, f.scope, f.zone, f.priceType])(e.fees),
  })),
  promotions: by((p: SeasonFile['promotions'][number]) => [promotionKey(p)])(file.promotions).map((p) => ({
    ...p,
    customerTagTypes: strings(p.customerTagTypes),
    lockedPriceTypes: strings(p.lockedPriceTypes),
    binRestrictions: strings(p.binRestrictions),
    eventTemplates: strings(p.eventTemplates),
    groupCodes: strings(p.groupCodes),
  })),
  packages: by((p: SeasonFile['packages'][number]) => [p.template, p.code])(file.packages).map((p) => ({
    ...p,
    prices: by((x: (typeof p.prices)[number]) => [x.zone, x.priceType])(p.prices),
    events: events(p.events),
  })),
  products: by((p: SeasonFile['products'][number]) => [productKey(p)])(file.products).map((p) => ({
    ...p,
    variants: by((v: (typeof p.variants)[number]) => [v.name])(p.variants),
  })),
  eventPlans: by((p: SeasonFile['eventPlans'][number]) => [p.code])(file.eventPlans).map((p) => ({
    ...p,
    slots: by((s: (typeof p.slots)[number]) => [s.position])(p.slots).map((s) => ({
      ...s,
      events: events(s.events),
    })),
  })),
  membershipTypes: by((m: SeasonFile['membershipTypes'][number]) => [m.code.toLowerCase(), m.code])(
    file.membershipTypes,
  ).map((m) => ({
    ...m,
    levels: by((l: (typeof m.levels)[number]) => [l.name])(m.levels),
  })),
  images: by((i: SeasonFile['images'][number]) => [i.hash])(file.images),
});
