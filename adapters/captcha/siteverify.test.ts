import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteverifyStandIn, type SiteverifyStandIn } from '../../test/stand-ins/captcha/siteverify.ts';
import { siteverify, verdictOf, type SiteverifySettings } from './siteverify.ts';

// The robot check against a loopback stand-in of the providers' siteverify endpoint: what
// passes, what does not, and a provider that answers too late or not at all.

const SECRET = 'test-secret';
const site = { hostname: 'tickets.example', remoteIp: '203.0.113.9' };
let standIn: SiteverifyStandIn;
let settings: SiteverifySettings;

beforeAll(async () => {
  standIn = await startSiteverifyStandIn(SECRET);
  settings = { provider: 'recaptcha', secretKey: SECRET, verifyUrl: standIn.url, timeoutMs: 2_000 };
});
afterAll(() => standIn?.close());

describe('siteverify', () => {
  it('passes a good answer for this host, sending the secret, the answer and the address', async () => {
    standIn.issue('good-1', { hostname: 'tickets.example' });
    expect(await siteverify(settings, 'good-1', site)).toBe('passed');
    const sent = standIn.requests.at(-1)!;
    expect([sent.get('secret'), sent.get('response'), sent.get('remoteip')]).toEqual([
      SECRET,
      'good-1',
      '203.0.113.9',
    ]);
  });

  it('fails an answer the provider does not know, and the same good answer checked twice', async () => {
    expect(await siteverify(settings, 'made-up', site)).toBe('failed');
    standIn.issue('good-2', { hostname: 'tickets.example' });
    expect(await siteverify(settings, 'good-2', site)).toBe('passed');
    expect(await siteverify(settings, 'good-2', site)).toBe('failed');
  });

  it("fails an answer given on another site's page", async () => {
    standIn.issue('elsewhere', { hostname: 'evil.example' });
    expect(await siteverify(settings, 'elsewhere', site)).toBe('failed');
  });

  it("fails a Turnstile answer made for another action, passes the checkout's", async () => {
    const turnstile = { ...settings, provider: 'turnstile' as const };
    standIn.issue('login-action', { hostname: 'tickets.example', action: 'login' });
    expect(await siteverify(turnstile, 'login-action', site)).toBe('failed');
    standIn.issue('checkout-action', { hostname: 'tickets.example', action: 'checkout' });
    expect(await siteverify(turnstile, 'checkout-action', site)).toBe('passed');
  });

  it('is unavailable when the provider refuses our secret: nobody could pass', async () => {
    standIn.issue('good-3', { hostname: 'tickets.example' });
    expect(await siteverify({ ...settings, secretKey: 'wrong' }, 'good-3', site)).toBe('unavailable');
  });

  it('is unavailable when the provider answers too late', async () => {
    standIn.issue('slow', { hostname: 'tickets.example' });
    standIn.delay(800);
    try {
      expect(await siteverify({ ...settings, timeoutMs: 200 }, 'slow', site)).toBe('unavailable');
    } finally {
      standIn.delay(0);
    }
  });

  it('is unavailable when nothing listens', async () => {
    expect(await siteverify({ ...settings, verifyUrl: 'http://127.0.0.1:9/siteverify' }, 'x', site)).toBe(
      'unavailable',
    );
  });
});

describe('verdictOf', () => {
  const answer = fc.record(
    {
      success: fc.oneof(fc.boolean(), fc.constant('true'), fc.constant(1)),
      hostname: fc.oneof(
        fc.constantFrom('tickets.example', 'TICKETS.example', 'other.example'),
        fc.integer(),
      ),
      action: fc.constantFrom('checkout', 'login', ''),
      'error-codes': fc.subarray(['timeout-or-duplicate', 'invalid-input-response', 'invalid-input-secret']),
    },
    { requiredKeys: [] },
  );

  it('passes only success true, for this host (any case), with no other action', () => {
    fc.assert(
      fc.property(answer, (a) => {
        const expected = (a['error-codes'] ?? []).includes('invalid-input-secret')
          ? 'unavailable'
          : a.success === true &&
              typeof a.hostname === 'string' &&
              a.hostname.toLowerCase() === 'tickets.example' &&
              (a.action === undefined || a.action === '' || a.action === 'checkout')
            ? 'passed'
            : 'failed';
        expect(verdictOf(a, site)).toBe(expected);
      }),
    );
  });
});
