import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_POS, posOfPing, versionAtLeast } from './pos-detect.ts';

const version = fc
  .tuple(fc.nat({ max: 30 }), fc.nat({ max: 30 }), fc.nat({ max: 30 }))
  .map(([a, b, c]) => `${a}.${b}.${c}`);

describe('finding the POS bridge from its ping', () => {
  it('is a POS only for a 200 answer with a Version', () => {
    expect(posOfPing(200, { Version: '1.8.0', Paired: true, Origin: 'http://x', Name: 'Counter 1' })).toEqual(
      {
        present: true,
        version: '1.8.0',
        paired: true,
        name: 'Counter 1',
        logs: true,
      },
    );
    expect(posOfPing(200, { Paired: true })).toEqual(NO_POS);
    expect(posOfPing(200, { Version: '' })).toEqual(NO_POS);
    expect(posOfPing(200, 'pong')).toEqual(NO_POS);
    expect(posOfPing(200, null)).toEqual(NO_POS);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 599 }).filter((s) => s !== 200),
        version,
        (status, v) => {
          expect(posOfPing(status, { Version: v })).toEqual(NO_POS);
        },
      ),
    );
  });

  it('calls log only from version 1.7.0 on', () => {
    expect(posOfPing(200, { Version: '1.6.9' })).toMatchObject({ present: true, logs: false, paired: false });
    expect(posOfPing(200, { Version: '1.7.0' })).toMatchObject({ logs: true });
    expect(posOfPing(200, { Version: '1.7' })).toMatchObject({ logs: true });
    expect(posOfPing(200, { Version: '2.0.0-beta' })).toMatchObject({ logs: true });
    expect(posOfPing(200, { Version: 'dev' })).toMatchObject({ present: true, logs: false });
  });

  it('orders versions part by part, numerically', () => {
    expect(versionAtLeast('1.10.0', '1.7.0')).toBe(true);
    expect(versionAtLeast('1.6.10', '1.7.0')).toBe(false);
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(versionAtLeast(a, a)).toBe(true);
        // Of two different versions exactly one is at least the other.
        if (a !== b) expect(versionAtLeast(a, b)).not.toBe(versionAtLeast(b, a));
      }),
    );
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        if (versionAtLeast(a, b) && versionAtLeast(b, c)) expect(versionAtLeast(a, c)).toBe(true);
      }),
    );
  });
});
