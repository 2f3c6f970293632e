import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BridgeError } from './bridge-rpc.ts';
import { bridgeAnswer, bridgeBaseUrl, DEFAULT_BRIDGE_URL, rpcUrl, UNKNOWN_ERROR } from './bridge-rpc.ts';

describe('calling the POS bridge', () => {
  it("uses this browser's address for the bridge, else https://localhost:8443", () => {
    expect(bridgeBaseUrl(null)).toBe(DEFAULT_BRIDGE_URL);
    expect(bridgeBaseUrl('  ')).toBe(DEFAULT_BRIDGE_URL);
    expect(bridgeBaseUrl('https://localhost:9443/')).toBe('https://localhost:9443');
  });

  it('names the call and its options in the query', () => {
    expect(rpcUrl('https://localhost:8443', 'sendprinterdata', { printer: 'ticket', encoding: 'text' })).toBe(
      'https://localhost:8443/tixtrack/pos?rpc=sendprinterdata&printer=ticket&encoding=text',
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string()), (options) => {
        const url = new URL(rpcUrl('https://localhost:8443', 'getlocalstorage', options));
        expect(url.pathname).toBe('/tixtrack/pos');
        expect(url.searchParams.get('rpc')).toBe('getlocalstorage');
        for (const [key, value] of Object.entries(options))
          expect(url.searchParams.getAll(key)).toContain(value);
      }),
    );
  });

  it('takes status 200 as success and anything else as the bridge’s message, or Unknown error', () => {
    expect(bridgeAnswer(200, '{"Printed":true}')).toEqual({ Printed: true });
    expect(bridgeAnswer(200, '')).toEqual({});
    const refused = (status: number, text: string) => {
      try {
        bridgeAnswer(status, text);
      } catch (error) {
        return error as BridgeError;
      }
      throw new Error('not refused');
    };
    const fault = refused(
      503,
      '{"Message":"Ticket printer: The printer is out of paper.","Fault":"paper-out"}',
    );
    expect([fault.status, fault.message, fault.fault]).toEqual([
      503,
      'Ticket printer: The printer is out of paper.',
      'paper-out',
    ]);
    expect(refused(500, '').message).toBe(UNKNOWN_ERROR);
    expect(refused(201, '{"Printed":true}').message).toBe(UNKNOWN_ERROR);
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }).filter((s) => s !== 200),
        fc.string({ minLength: 1 }),
        (s, m) => {
          const error = refused(s, JSON.stringify({ Message: m }));
          expect([error.status, error.message]).toEqual([s, m]);
        },
      ),
    );
  });
});
