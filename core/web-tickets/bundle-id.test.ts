import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseBundleId, webTicketsPath } from './bundle-id.ts';

describe('a web tickets bundle id', () => {
  test('an order number or a token, nothing else', () => {
    expect(parseBundleId('42')).toEqual({ kind: 'order', orderId: 42 });
    expect(parseBundleId('A'.repeat(64))).toEqual({ kind: 'token', token: 'a'.repeat(64) });
    for (const bad of ['', '0', '-1', '01', '4.2', '9999999999', 'a'.repeat(63), 'g'.repeat(64), '42; drop'])
      expect(parseBundleId(bad)).toBeNull();
  });

  test('every order number and every token reads back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (orderId) => {
        expect(parseBundleId(String(orderId))).toEqual({ kind: 'order', orderId });
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), fc.integer({ min: 1 }), (token, eventId) => {
        expect(parseBundleId(token)).toEqual({ kind: 'token', token });
        const [, , , bundle, , event] = webTicketsPath(token, eventId).split('/');
        expect([bundle, Number(event)]).toEqual([token, eventId]);
      }),
    );
  });

  test('anything that is not a digit string or 64 hex digits is refused', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseBundleId(text);
        if (parsed?.kind === 'order') expect(text.trim()).toMatch(/^[1-9]\d*$/);
        if (parsed?.kind === 'token') expect(text.trim()).toMatch(/^[0-9a-fA-F]{64}$/);
      }),
    );
  });
});
