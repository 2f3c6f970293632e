import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHoldName, checkReassignment, MAX_HOLD_NAME } from './subclass-rules.ts';

describe('hold names', () => {
  it('are trimmed with inner spaces collapsed, refused when empty or too long', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (raw) => {
        const cleaned = raw.trim().replace(/\s+/g, ' ');
        const result = checkHoldName(raw);
        if (cleaned === '' || cleaned.length > MAX_HOLD_NAME) expect(result.ok).toBe(false);
        else expect(result).toEqual({ ok: true, name: cleaned });
      }),
    );
  });
});

describe('where an archived subclass sends its seats', () => {
  it('open, or another subclass that exists and is not archived', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.integer({ min: 1, max: 8 }).map(String), fc.boolean()),
        fc.integer({ min: 1, max: 8 }),
        fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
        (archivedById, archivingId, target) => {
          const subclasses = new Map(
            Object.entries(archivedById).map(([id, isArchived]) => [
              Number(id),
              { id: Number(id), isArchived },
            ]),
          );
          const result = checkReassignment({ id: archivingId, isArchived: false }, target, subclasses);
          if (target === null) expect(result).toEqual({ ok: true, target: null });
          else if (target === archivingId) expect(result).toEqual({ ok: false, reason: 'self' });
          else if (!subclasses.has(target)) expect(result).toEqual({ ok: false, reason: 'unknown' });
          else if (subclasses.get(target)!.isArchived)
            expect(result).toEqual({ ok: false, reason: 'archived' });
          else expect(result).toEqual({ ok: true, target });
        },
      ),
    );
  });
});
