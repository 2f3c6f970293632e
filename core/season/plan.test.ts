import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  KINDS,
  applyPlan,
  emptyCatalogue,
  isEmptyPlan,
  planChanges,
  sameJson,
  type Catalogue,
  type CatalogueRecord,
  type Fields,
  type Kind,
} from './plan.ts';
import { describePlan } from './describe.ts';

// The import's plan rule on catalogues made at random: a few kinds, including the ones with
// rules (a configuration never changes, a performance keeps its seat map and status, a
// variant its stock left), keys from a small alphabet so that the two sides share many.

const KINDS_TRIED: readonly Kind[] = ['priceType', 'configuration', 'event', 'price', 'productVariant'];

const value = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: 0, max: 3 }),
  fc.constantFrom('a', 'b'),
);
const fields = fc.record({
  name: value,
  amount: value,
  venue: value,
  configuration: value,
  status: value,
  stock: value,
  list: fc.array(value, { maxLength: 2 }),
}) as fc.Arbitrary<Fields>;

const catalogue: fc.Arbitrary<Catalogue> = fc
  .array(fc.tuple(fc.constantFrom(...KINDS_TRIED), fc.constantFrom('k1', 'k2', 'k3', 'k4'), fields), {
    maxLength: 14,
  })
  .map((rows) => {
    const maps = Object.fromEntries(KINDS.map((k) => [k, new Map<string, CatalogueRecord>()])) as {
      [K in Kind]: Map<string, CatalogueRecord>;
    };
    for (const [kind, key, f] of rows)
      maps[kind].set(key, { key, label: key, path: '', group: '', fields: f });
    return maps;
  });

const records = (c: Catalogue) => KINDS.flatMap((kind) => [...c[kind].values()].map((r) => ({ kind, r })));

describe('the season import plan', () => {
  it('is empty for a catalogue against itself', () => {
    fc.assert(fc.property(catalogue, (a) => isEmptyPlan(planChanges(a, a))));
  });

  it('never deletes: every record of the database is still there after the plan', () => {
    fc.assert(
      fc.property(catalogue, catalogue, (a, b) => {
        const plan = planChanges(a, b);
        expect(plan.changes.every((c) => c.action === 'create' || c.action === 'update')).toBe(true);
        const after = applyPlan(a, plan);
        for (const { kind, r } of records(a)) expect(after[kind].has(r.key)).toBe(true);
      }),
    );
  });

  it('applied to a, gives b for every record of b, but for the fields an import may not change', () => {
    fc.assert(
      fc.property(catalogue, catalogue, (a, b) => {
        const plan = planChanges(a, b);
        const after = applyPlan(a, plan);
        const conflicting = new Set(plan.conflicts.map((c) => `${c.kind} ${c.record.key}`));
        for (const { kind, r } of records(b)) {
          const got = after[kind].get(r.key)!;
          const before = a[kind].get(r.key);
          if (conflicting.has(`${kind} ${r.key}`)) {
            expect(got).toBe(before); // refused: the import does not run at all
            continue;
          }
          for (const [field, wanted] of Object.entries(r.fields)) {
            const kept =
              before !== undefined &&
              ((kind === 'event' && field === 'status') || (kind === 'productVariant' && field === 'stock'));
            expect(got.fields[field]).toEqual(kept ? before.fields[field] : wanted);
          }
        }
        // Records only in a are as they were.
        for (const { kind, r } of records(a)) if (!b[kind].has(r.key)) expect(after[kind].get(r.key)).toBe(r);
      }),
    );
  });

  it('is empty once applied: a second import of the same file changes nothing', () => {
    fc.assert(
      fc.property(catalogue, catalogue, (a, b) => {
        const plan = planChanges(a, b);
        const again = planChanges(applyPlan(a, plan), b);
        expect(again.changes).toEqual([]);
        expect(again.conflicts.length).toBe(plan.conflicts.length);
      }),
    );
  });

  it('leaves a field the file leaves out as the database has it, and plans no change for it alone', () => {
    const leftOut = fc.subarray(['name', 'amount', 'stock', 'list']);
    fc.assert(
      fc.property(catalogue, catalogue, leftOut, (a, full, dropped) => {
        // b: full's records with the fields an older file does not know left out.
        const b = Object.fromEntries(
          KINDS.map((kind) => [
            kind,
            new Map(
              [...full[kind]].map(([key, r]) => [
                key,
                {
                  ...r,
                  fields: Object.fromEntries(Object.entries(r.fields).filter(([f]) => !dropped.includes(f))),
                },
              ]),
            ),
          ]),
        ) as unknown as Catalogue;
        const plan = planChanges(a, b);
        for (const change of plan.changes)
          for (const f of dropped) expect(Object.keys(change.before)).not.toContain(f);
        const after = applyPlan(a, plan);
        for (const { kind, r } of records(a))
          if (b[kind].has(r.key) && !plan.conflicts.some((c) => c.kind === kind && c.record.key === r.key))
            for (const f of dropped) expect(after[kind].get(r.key)!.fields[f]).toEqual(r.fields[f]);
        expect(planChanges(after, b).changes).toEqual([]);
      }),
    );
  });

  it('refuses any change to a configuration and a move of a performance, and lets the rest change', () => {
    const one = (kind: Kind, f: Fields): Catalogue => {
      const c = emptyCatalogue() as { [K in Kind]: Map<string, CatalogueRecord> };
      c[kind].set('k', {
        key: 'k',
        label: 'HAMLET 2026-12-08 19:30',
        path: 'events[0]',
        group: 'HAMLET',
        fields: f,
      });
      return c;
    };
    expect(
      planChanges(one('configuration', { svg: 'a' }), one('configuration', { svg: 'b' })).conflicts,
    ).toEqual([expect.objectContaining({ kind: 'configuration', fields: ['svg'] })]);
    const moved = planChanges(
      one('event', { configuration: 'Main', name: 'a' }),
      one('event', { configuration: 'Other', name: 'b' }),
    );
    expect(moved.conflicts).toEqual([expect.objectContaining({ kind: 'event', fields: ['configuration'] })]);
    expect(moved.changes).toEqual([]);
    const renamed = planChanges(
      one('event', { configuration: 'Main', name: 'a', status: 'Cancelled' }),
      one('event', { configuration: 'Main', name: 'b', status: 'Active' }),
    );
    expect(renamed.changes).toEqual([expect.objectContaining({ action: 'update', before: { name: 'a' } })]);
    expect(describePlan(renamed)).toEqual(['~ performance HAMLET 2026-12-08 19:30: name a -> b']);
  });

  it('compares values as JSON, whatever the order of an object’s fields', () => {
    expect(sameJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});
