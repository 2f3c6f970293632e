import { canonicalTimeZone } from '../venues/new-venue.ts';
import { configurationKey, eventKey, keyOf, type FileProblem } from './catalogue.ts';
import type { Catalogue, Kind } from './plan.ts';
import type { ConfigurationEntry, EventRef, SeasonFile } from './season-file.ts';

// Everything a season file names must be there, in the file or in the database: a performance's
// series and seat map, a price's price type and level, a package's performances. And a seat map
// must hold together (a seat's section and notice are its own). Each problem is named by its JSON
// path, so an operator finds the line to mend.

const MAX_LISTED = 8;

/** 'ORCH, MEZZ' or 'ORCH, MEZZ, ... (12 in all)'. */
const listed = (values: Iterable<string>) => {
  const all = [...new Set(values)].sort();
  if (all.length === 0) return 'none';
  return all.length <= MAX_LISTED
    ? all.join(', ')
    : `${all.slice(0, MAX_LISTED).join(', ')}, ... (${all.length} in all)`;
};

/** The zones a configuration's seats and standing sections are priced by. */
export const configurationZones = (c: Pick<ConfigurationEntry, 'seats' | 'sections'>): Set<string> =>
  new Set([
    ...c.seats.map((s) => s.zone),
    ...c.sections.filter((s) => s.gaCapacity !== null && s.zone !== null).map((s) => s.zone as string),
  ]);

const configurationProblems = (c: ConfigurationEntry, path: string): FileProblem[] => {
  const problems: FileProblem[] = [];
  const sections = new Map<string, number>();
  c.sections.forEach((s, i) => {
    if (sections.has(s.code))
      problems.push({
        path: `${path}.sections[${i}].code`,
        problem: `section "${s.code}" is already at ${path}.sections[${sections.get(s.code)}]`,
      });
    else sections.set(s.code, i);
    if (s.gaCapacity !== null && s.zone === null)
      problems.push({
        path: `${path}.sections[${i}].zone`,
        problem: 'a standing section needs the zone its places are priced by',
      });
  });
  const alerts = new Map<string, number>();
  c.seatAlerts.forEach((a, i) => {
    if (alerts.has(a.name))
      problems.push({
        path: `${path}.seatAlerts[${i}].name`,
        problem: `seat alert "${a.name}" is already at ${path}.seatAlerts[${alerts.get(a.name)}]`,
      });
    else alerts.set(a.name, i);
  });
  const seats = new Map<string, number>();
  c.seats.forEach((s, i) => {
    if (seats.has(s.key))
      problems.push({
        path: `${path}.seats[${i}].key`,
        problem: `seat "${s.key}" is already at ${path}.seats[${seats.get(s.key)}]`,
      });
    else seats.set(s.key, i);
    if (!sections.has(s.section))
      problems.push({
        path: `${path}.seats[${i}].section`,
        problem: `unknown section "${s.section}" — the configuration has ${listed(sections.keys())}`,
      });
    else if (c.sections[sections.get(s.section)!]!.gaCapacity !== null)
      problems.push({
        path: `${path}.seats[${i}].section`,
        problem: `section "${s.section}" is a standing section: it has no seats`,
      });
    if (s.alert !== null && !alerts.has(s.alert))
      problems.push({
        path: `${path}.seats[${i}].alert`,
        problem: `unknown seat alert "${s.alert}" — the configuration has ${listed(alerts.keys())}`,
      });
  });
  return problems;
};

export interface ReferenceCheck {
  /** The file's records. */
  readonly file: Catalogue;
  /** The database's records. */
  readonly database: Catalogue;
  /** Every configuration known, the file's over the database's, by configurationKey. */
  readonly configurations: ReadonlyMap<string, Pick<ConfigurationEntry, 'seats' | 'sections'>>;
}

/** Every reference of `file` that neither the file nor the database can answer. */
export const referenceProblems = (file: SeasonFile, known: ReferenceCheck): FileProblem[] => {
  const problems: FileProblem[] = [];
  const has = (kind: Kind, key: string) => known.file[kind].has(key) || known.database[kind].has(key);
  const names = (kind: Kind) =>
    [...known.file[kind].values(), ...known.database[kind].values()].map((r) => r.label);
  const need = (kind: Kind, key: string, path: string, what: string, value: string) => {
    if (!has(kind, key))
      problems.push({
        path,
        problem: `unknown ${what} "${value}" — the file and the database have ${listed(names(kind))}`,
      });
  };
  const needEvent = (ref: EventRef, path: string) => {
    if (!has('event', eventKey(ref)))
      problems.push({
        path,
        problem: `unknown performance of "${ref.template}" at ${ref.startsAt}: neither the file nor the database has it`,
      });
  };
  const needConfiguration = (venue: string, name: string, path: string) => {
    if (!known.configurations.has(configurationKey(venue, name)))
      problems.push({
        path,
        problem: `unknown configuration "${name}" of venue "${venue}" — it has ${listed(
          [...known.configurations.keys()]
            .map((k) => JSON.parse(k) as [string, string])
            .filter(([v]) => v === venue)
            .map(([, c]) => c),
        )}`,
      });
  };

  // The price levels the database holds, by performance.
  const storedLevels = new Map<string, string[]>();
  for (const record of known.database.priceLevel.values()) {
    const [template, startsAt, zone] = JSON.parse(record.key) as [string, string, string];
    const key = eventKey({ template, startsAt });
    storedLevels.set(key, [...(storedLevels.get(key) ?? []), zone]);
  }

  file.holdClasses.forEach((c, i) =>
    c.subclasses.forEach((s, j) =>
      s.salesChannels.forEach((code, k) =>
        need(
          'salesChannel',
          keyOf(code),
          `holdClasses[${i}].subclasses[${j}].salesChannels[${k}]`,
          'sales channel',
          code,
        ),
      ),
    ),
  );
  file.priceTypes.forEach((t, i) =>
    t.customerTagTypes.forEach((name, k) =>
      need(
        'customerTagType',
        keyOf(name),
        `priceTypes[${i}].customerTagTypes[${k}]`,
        'customer tag type',
        name,
      ),
    ),
  );
  file.venues.forEach((v, i) => {
    if (!canonicalTimeZone(v.timeZone))
      problems.push({
        path: `venues[${i}].timeZone`,
        problem: `"${v.timeZone}" is not an IANA time zone such as Europe/London`,
      });
    v.configurations.forEach((c, j) =>
      problems.push(...configurationProblems(c, `venues[${i}].configurations[${j}]`)),
    );
  });
  file.eventTemplates.forEach((t, i) => {
    if (t.venue !== null) need('venue', keyOf(t.venue), `eventTemplates[${i}].venue`, 'venue', t.venue);
    if (t.configuration !== null) {
      if (t.venue === null)
        problems.push({
          path: `eventTemplates[${i}].configuration`,
          problem: 'a configuration needs its venue',
        });
      else if (has('venue', keyOf(t.venue)))
        needConfiguration(t.venue, t.configuration, `eventTemplates[${i}].configuration`);
    }
  });
  // The default price levels the database holds, by series.
  const storedDefaultLevels = new Map<string, string[]>();
  for (const record of known.database.templatePriceLevel.values()) {
    const [template, zone] = JSON.parse(record.key) as [string, string];
    storedDefaultLevels.set(template, [...(storedDefaultLevels.get(template) ?? []), zone]);
  }
  file.eventTemplates.forEach((t, i) => {
    const path = `eventTemplates[${i}]`;
    t.texts.forEach((x, j) => {
      if (x.language !== 'en') return;
      for (const field of ['displayName', 'description'] as const)
        if (x[field] !== null)
          problems.push({
            path: `${path}.texts[${j}].${field}`,
            problem: `the English ${field === 'displayName' ? 'display name' : 'description'} is the series' own ${field}; a text in en holds only the confirmationEmailText`,
          });
    });
    const configuration =
      t.venue === null || t.configuration === null
        ? undefined
        : known.configurations.get(configurationKey(t.venue, t.configuration));
    const zones = configuration ? configurationZones(configuration) : undefined;
    t.defaultPriceLevels.forEach((l, j) => {
      if (zones && !zones.has(l.zone))
        problems.push({
          path: `${path}.defaultPriceLevels[${j}].zone`,
          problem: `unknown zone "${l.zone}" — the series' configuration has ${listed(zones)}`,
        });
    });
    const levels = new Set([
      ...t.defaultPriceLevels.map((l) => l.zone),
      ...(storedDefaultLevels.get(t.code) ?? []),
    ]);
    const needLevel = (zone: string, where: string) => {
      if (!levels.has(zone))
        problems.push({
          path: where,
          problem: `unknown default price level "${zone}" — the series has ${listed(levels)}`,
        });
    };
    t.defaultPrices.forEach((p, j) => {
      needLevel(p.zone, `${path}.defaultPrices[${j}].zone`);
      need(
        'priceType',
        keyOf(p.priceType),
        `${path}.defaultPrices[${j}].priceType`,
        'price type',
        p.priceType,
      );
    });
    t.defaultFees.forEach((f, j) => {
      if (f.zone !== null) needLevel(f.zone, `${path}.defaultFees[${j}].zone`);
      if (f.priceType !== null)
        need(
          'priceType',
          keyOf(f.priceType),
          `${path}.defaultFees[${j}].priceType`,
          'price type',
          f.priceType,
        );
    });
  });
  file.events.forEach((e, i) => {
    const path = `events[${i}]`;
    // As the screens check a performance's times (core/performances/schedule.ts).
    if (typeof e.offSaleAt === 'string' && Date.parse(e.offSaleAt) <= Date.parse(e.onSaleAt))
      problems.push({ path: `${path}.offSaleAt`, problem: 'sales must stop after they open (onSaleAt)' });
    const key = eventKey(e);
    need('eventTemplate', keyOf(e.template), `${path}.template`, 'series', e.template);
    if (!has('venue', keyOf(e.venue))) need('venue', keyOf(e.venue), `${path}.venue`, 'venue', e.venue);
    else needConfiguration(e.venue, e.configuration, `${path}.configuration`);
    if (e.linkedEvent) needEvent(e.linkedEvent, `${path}.linkedEvent`);
    const configuration = known.configurations.get(configurationKey(e.venue, e.configuration));
    const zones = configuration ? configurationZones(configuration) : undefined;
    e.priceLevels.forEach((l, j) => {
      if (zones && !zones.has(l.zone))
        problems.push({
          path: `${path}.priceLevels[${j}].zone`,
          problem: `unknown zone "${l.zone}" — the configuration has ${listed(zones)}`,
        });
    });
    const levels = new Set([...e.priceLevels.map((l) => l.zone), ...(storedLevels.get(key) ?? [])]);
    const needLevel = (zone: string, where: string) => {
      if (!levels.has(zone))
        problems.push({
          path: where,
          problem: `unknown price level "${zone}" — the performance has ${listed(levels)}`,
        });
    };
    e.prices.forEach((p, j) => {
      needLevel(p.zone, `${path}.prices[${j}].zone`);
      need('priceType', keyOf(p.priceType), `${path}.prices[${j}].priceType`, 'price type', p.priceType);
    });
    e.fees.forEach((f, j) => {
      if (f.zone !== null) needLevel(f.zone, `${path}.fees[${j}].zone`);
      if (f.priceType !== null)
        need('priceType', keyOf(f.priceType), `${path}.fees[${j}].priceType`, 'price type', f.priceType);
    });
    // A new performance gets a seat for every seat of its map, each at its zone's price level.
    if (zones && !known.database.event.has(key)) {
      const missing = [...zones].filter((z) => !levels.has(z));
      if (missing.length > 0)
        problems.push({
          path: `${path}.priceLevels`,
          problem: `no price level for zone${missing.length > 1 ? 's' : ''} ${listed(missing)} of configuration "${e.configuration}": a new performance needs one for every zone`,
        });
    }
  });
  file.promotions.forEach((p, i) => {
    p.customerTagTypes.forEach((n, k) =>
      need('customerTagType', keyOf(n), `promotions[${i}].customerTagTypes[${k}]`, 'customer tag type', n),
    );
    p.lockedPriceTypes.forEach((c, k) =>
      need('priceType', keyOf(c), `promotions[${i}].lockedPriceTypes[${k}]`, 'price type', c),
    );
    p.eventTemplates.forEach((c, k) =>
      need('eventTemplate', keyOf(c), `promotions[${i}].eventTemplates[${k}]`, 'series', c),
    );
  });
  file.packages.forEach((p, i) => {
    need('eventTemplate', keyOf(p.template), `packages[${i}].template`, 'series', p.template);
    p.prices.forEach((price, j) =>
      need(
        'priceType',
        keyOf(price.priceType),
        `packages[${i}].prices[${j}].priceType`,
        'price type',
        price.priceType,
      ),
    );
    p.events.forEach((ref, j) => needEvent(ref, `packages[${i}].events[${j}]`));
  });
  file.products.forEach((p, i) => {
    if (p.template !== null && p.event !== null)
      problems.push({
        path: `products[${i}]`,
        problem: 'a product belongs to a series or to a performance, not both',
      });
    if (p.template !== null)
      need('eventTemplate', keyOf(p.template), `products[${i}].template`, 'series', p.template);
    if (p.event !== null) needEvent(p.event, `products[${i}].event`);
  });
  file.eventPlans.forEach((p, i) => {
    if (p.template !== null)
      need('eventTemplate', keyOf(p.template), `eventPlans[${i}].template`, 'series', p.template);
    p.slots.forEach((s, j) =>
      s.events.forEach((ref, k) => needEvent(ref, `eventPlans[${i}].slots[${j}].events[${k}]`)),
    );
  });
  file.membershipTypes.forEach((m, i) =>
    need(
      'customerTagType',
      keyOf(m.customerTagType),
      `membershipTypes[${i}].customerTagType`,
      'customer tag type',
      m.customerTagType,
    ),
  );
  return problems;
};
