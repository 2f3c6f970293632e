import type { Change, Json, Kind, Plan } from './plan.ts';
import { KINDS } from './plan.ts';

// A plan in words, one line per group of new records and one per changed record:
//   + 3 performances of HAMLET
//   ~ price of Adult in ORCH for HAMLET 2026-12-08 19:30: amount 4500 -> 5000

const NOUNS: { readonly [K in Kind]: readonly [string, string] } = {
  customerTagType: ['customer tag type', 'customer tag types'],
  salesChannel: ['sales channel', 'sales channels'],
  holdClass: ['hold class', 'hold classes'],
  holdSubclass: ['hold subclass', 'hold subclasses'],
  priceType: ['price type', 'price types'],
  deliveryMethod: ['delivery method', 'delivery methods'],
  venue: ['venue', 'venues'],
  configuration: ['configuration', 'configurations'],
  image: ['image', 'images'],
  eventTemplate: ['series', 'series'],
  templateText: ['series text', 'series texts'],
  templatePriceLevel: ['default price level', 'default price levels'],
  templatePrice: ['default price', 'default prices'],
  templateFee: ['default fee', 'default fees'],
  event: ['performance', 'performances'],
  priceLevel: ['price level', 'price levels'],
  price: ['price', 'prices'],
  fee: ['fee', 'fees'],
  promotion: ['promotion', 'promotions'],
  promotionGroupCode: ['group code', 'group codes'],
  package: ['package', 'packages'],
  packagePrice: ['package price', 'package prices'],
  product: ['add-on product', 'add-on products'],
  productVariant: ['product variant', 'product variants'],
  eventPlan: ['plan', 'plans'],
  eventPlanSlot: ['plan slot', 'plan slots'],
  membershipType: ['membership type', 'membership types'],
  membershipLevel: ['membership level', 'membership levels'],
};

export const kindNoun = (kind: Kind, n: number) => NOUNS[kind][n === 1 ? 0 : 1];

const count = (n: number) => n.toLocaleString('en-US');

const MAX_NAMES = 8;
const MAX_VALUE = 40;

const shown = (value: Json | undefined): string => {
  if (value === undefined || value === null) return 'none';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 3)}...` : text;
};

const updateLine = (change: Change) => {
  const fields = Object.keys(change.before)
    .map((f) => `${f} ${shown(change.before[f])} -> ${shown(change.record.fields[f])}`)
    .join(', ');
  // 'price of Adult in ORCH for HAMLET ...'; 'performance HAMLET ...'.
  const of =
    change.kind === 'price' || change.kind === 'packagePrice' || change.kind === 'templatePrice' ? ' of' : '';
  return `~ ${kindNoun(change.kind, 1)}${of} ${change.record.label}: ${fields}`;
};

export interface PlanCounts {
  readonly created: { readonly [K in Kind]?: number };
  readonly updated: { readonly [K in Kind]?: number };
}

export const planCounts = (plan: Plan): PlanCounts => {
  const created: { [K in Kind]?: number } = {};
  const updated: { [K in Kind]?: number } = {};
  for (const c of plan.changes) {
    const into = c.action === 'create' ? created : updated;
    into[c.kind] = (into[c.kind] ?? 0) + 1;
  }
  return { created, updated };
};

/**
 * The plan's lines: new records counted per kind (per series for a performance's rows), with their
 * names when few; each update on its own line, the first `maxUpdates` of them.
 */
export const describePlan = (plan: Plan, maxUpdates = 200): string[] => {
  const lines: string[] = [];
  for (const kind of KINDS) {
    const created = plan.changes.filter((c) => c.kind === kind && c.action === 'create');
    const groups = new Map<string, Change[]>();
    for (const c of created) {
      const group = groups.get(c.record.group);
      if (group) group.push(c);
      else groups.set(c.record.group, [c]);
    }
    for (const [group, changes] of groups) {
      const where = group === '' ? '' : ` ${kind === 'event' ? 'of' : 'for'} ${group}`;
      // A performance is named by its start alone under its series; a series' other rows by count.
      const named = group === '' || kind === 'event';
      const names =
        named && changes.length <= MAX_NAMES
          ? `: ${changes.map((c) => (group === '' ? c.record.label : c.record.label.slice(group.length + 1))).join(', ')}`
          : '';
      lines.push(`+ ${count(changes.length)} ${kindNoun(kind, changes.length)}${where}${names}`);
    }
  }
  const updates = plan.changes.filter((c) => c.action === 'update');
  lines.push(...updates.slice(0, maxUpdates).map(updateLine));
  if (updates.length > maxUpdates) lines.push(`~ ... and ${count(updates.length - maxUpdates)} more changes`);
  return lines;
};
