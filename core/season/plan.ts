// What an import changes: the database's catalogue and the file's, each flattened to records by
// natural key (catalogue.ts), compared kind by kind. A record only in the file is created; one in
// both that differs is updated; one only in the database is left alone. The plan never deletes:
// a performance with sold seats, a used group code or a seat map in use can never be lost. A
// field a record of the file does not hold (an optional field an older file lacks) is left as the
// database has it.

/** The kinds of record, in the order their changes are applied (a parent before its children). */
export const KINDS = [
  'customerTagType',
  'salesChannel',
  'holdClass',
  'holdSubclass',
  'priceType',
  'deliveryMethod',
  'venue',
  'configuration',
  'image',
  'eventTemplate',
  'templateText',
  'templatePriceLevel',
  'templatePrice',
  'templateFee',
  'event',
  'priceLevel',
  'price',
  'fee',
  'promotion',
  'promotionGroupCode',
  'package',
  'packagePrice',
  'product',
  'productVariant',
  'eventPlan',
  'eventPlanSlot',
  'membershipType',
  'membershipLevel',
] as const;

export type Kind = (typeof KINDS)[number];

export type Json = null | boolean | number | string | readonly Json[] | { readonly [field: string]: Json };
export type Fields = { readonly [field: string]: Json };

export interface CatalogueRecord {
  /** The natural key, unique within its kind. */
  readonly key: string;
  /** How a person names it: 'Adult in ORCH for HAMLET 2026-12-08 19:30'. */
  readonly label: string;
  /** Where it is in the file (a JSON path), or '' when read from the database. */
  readonly path: string;
  /** What groups it in a summary: the series code of a performance's rows, else ''. */
  readonly group: string;
  readonly fields: Fields;
}

export type Catalogue = { readonly [K in Kind]: ReadonlyMap<string, CatalogueRecord> };

export const emptyCatalogue = (): Catalogue =>
  Object.fromEntries(KINDS.map((kind) => [kind, new Map()])) as unknown as Catalogue;

/** What may and may not change on a record that exists already. */
export interface KindRule {
  /** Fields an import never changes on an existing record (live counts: a variant's stock left). */
  readonly createOnly?: readonly string[];
  /** Fields that must not differ: a difference is a conflict, and the import is refused. */
  readonly fixed?: readonly string[] | 'all';
}

export const KIND_RULES: { readonly [K in Kind]?: KindRule } = {
  // A seat map events have sold on is never edited (core/venues/README.md): a changed one is a
  // new configuration under a new name.
  configuration: { fixed: 'all' },
  // An image is named by its bytes' hash: the same hash is the same picture, never edited. Its
  // bytes are not compared (the hash is), only written when it is made.
  image: { fixed: 'all', createOnly: ['data'] },
  // Moving a performance to another seat map would strand its seats; its status changes by
  // `foyer event cancel`, which refunds.
  event: { fixed: ['venue', 'configuration'], createOnly: ['status'] },
  productVariant: { createOnly: ['stock'] },
};

export interface Change {
  readonly kind: Kind;
  readonly action: 'create' | 'update';
  readonly record: CatalogueRecord;
  /** For an update: the fields that change, with their values before. */
  readonly before: Fields;
}

export interface Conflict {
  readonly kind: Kind;
  readonly record: CatalogueRecord;
  /** The fixed fields that differ. */
  readonly fields: readonly string[];
}

export interface Plan {
  readonly changes: readonly Change[];
  readonly conflicts: readonly Conflict[];
}

export const sameJson = (a: Json | undefined, b: Json | undefined): boolean => {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as readonly Json[];
    return a.length === bs.length && a.every((x: Json, i: number) => sameJson(x, bs[i]));
  }
  const ao = a as Fields;
  const bo = b as Fields;
  const keys = Object.keys(ao);
  return keys.length === Object.keys(bo).length && keys.every((k) => k in bo && sameJson(ao[k], bo[k]));
};

const fieldsOf = (rule: KindRule | undefined, fields: Fields): string[] =>
  Object.keys(fields).filter((f) => !rule?.createOnly?.includes(f));

/** The changes that make `current` hold everything `wanted` holds, and what may not change. */
export const planChanges = (
  current: Catalogue,
  wanted: Catalogue,
  rules: typeof KIND_RULES = KIND_RULES,
): Plan => {
  const changes: Change[] = [];
  const conflicts: Conflict[] = [];
  for (const kind of KINDS) {
    const rule = rules[kind];
    for (const record of wanted[kind].values()) {
      const existing = current[kind].get(record.key);
      if (!existing) {
        changes.push({ kind, action: 'create', record, before: {} });
        continue;
      }
      // Only the fields the file holds: one it leaves out is left as it is.
      const differing = fieldsOf(rule, record.fields).filter(
        (f) => !sameJson(record.fields[f], existing.fields[f]),
      );
      if (differing.length === 0) continue;
      const fixed = rule?.fixed === 'all' ? differing : differing.filter((f) => rule?.fixed?.includes(f));
      if (fixed.length > 0) {
        conflicts.push({ kind, record, fields: fixed });
        continue;
      }
      changes.push({
        kind,
        action: 'update',
        record,
        before: Object.fromEntries(differing.map((f) => [f, existing.fields[f] ?? null])),
      });
    }
  }
  return { changes, conflicts };
};

/** `current` with `plan` applied: what the database holds after the import. */
export const applyPlan = (
  current: Catalogue,
  plan: Plan,
  rules: typeof KIND_RULES = KIND_RULES,
): Catalogue => {
  const next = Object.fromEntries(KINDS.map((kind) => [kind, new Map(current[kind])])) as {
    [K in Kind]: Map<string, CatalogueRecord>;
  };
  for (const change of plan.changes) {
    const existing = next[change.kind].get(change.record.key);
    const kept = Object.fromEntries(
      (rules[change.kind]?.createOnly ?? [])
        .filter((f) => existing && f in existing.fields)
        .map((f) => [f, existing!.fields[f]!]),
    );
    next[change.kind].set(change.record.key, {
      ...change.record,
      fields:
        change.action === 'create' || !existing
          ? change.record.fields
          : { ...existing.fields, ...change.record.fields, ...kept },
    });
  }
  return next;
};

export const isEmptyPlan = (plan: Plan) => plan.changes.length === 0 && plan.conflicts.length === 0;
