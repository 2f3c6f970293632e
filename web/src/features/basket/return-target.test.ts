import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyBasketReturnPath,
  expiredReturnPath,
  isLocalPath,
  rememberReturnTarget,
  returnTargetForSeats,
  returnTargetOfBasket,
  savedReturnTarget,
  type ReturnTarget,
} from './return-target.ts';

const memoryStore = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
};

/** A browser's cookie jar in memory: honours Max-Age against a clock the test moves. */
const memoryJar = () => {
  let now = 0;
  const cookies = new Map<string, { value: string; expires: number }>();
  const written: string[] = [];
  return {
    read: () =>
      [...cookies]
        .filter(([, c]) => c.expires > now)
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; '),
    write: (cookie: string) => {
      written.push(cookie);
      const [pair, ...attributes] = cookie.split(';').map((p) => p.trim());
      const [name, value] = pair!.split('=') as [string, string];
      const maxAge = Number(attributes.find((a) => a.startsWith('Max-Age='))?.slice('Max-Age='.length));
      cookies.set(name, { value, expires: now + maxAge * 1000 });
    },
    advance: (ms: number) => void (now += ms),
    written,
  };
};

describe('where the buyer goes back to', () => {
  it('goes back to the series, or to the plan or paired plan being filled', () => {
    expect(returnTargetForSeats({ seriesCode: 'HAMLET', eventId: 3 })).toEqual({
      kind: 'series',
      path: '/tickets/series/HAMLET',
      seatSelectionPath: '/tickets/series/HAMLET/3',
    });
    expect(
      returnTargetForSeats({ seriesCode: 'HAMLET', eventId: 3, search: { planCode: 'FLEX4' } }),
    ).toMatchObject({
      kind: 'plan',
      path: '/tickets/plans/FLEX4',
    });
    expect(
      returnTargetForSeats({
        seriesCode: 'HAMLET',
        eventId: 3,
        search: { planCode: 'PAIR', isPaired: 'true' },
      }),
    ).toMatchObject({ kind: 'pairedPlan', path: '/tickets/pairedplans/PAIR' });
  });

  it('reads a target from the basket: its plan, else the series of the seats added last', () => {
    const events = [
      { ID: 3, EventTemplateCode: 'HAMLET', SelectSeatsUrl: '/tickets/series/HAMLET/3' },
      { ID: 9, EventTemplateCode: 'COMEDY', SelectSeatsUrl: '/tickets/series/COMEDY/9' },
    ];
    const tickets = [
      { ID: 5, EventID: 9 },
      { ID: 2, EventID: 3 },
    ];
    expect(returnTargetOfBasket({ planCode: null, tickets, events })).toEqual({
      kind: 'series',
      path: '/tickets/series/COMEDY',
      seatSelectionPath: '/tickets/series/COMEDY/9',
    });
    expect(returnTargetOfBasket({ planCode: 'FLEX4', tickets, events })?.path).toBe('/tickets/plans/FLEX4');
    expect(returnTargetOfBasket({ planCode: null, tickets: [], events })).toBeNull();
  });

  it('sends the expired page to the saved page, else home; an empty basket to the seat map first', () => {
    const saved: ReturnTarget = {
      kind: 'series',
      path: '/tickets/series/HAMLET',
      seatSelectionPath: '/tickets/series/HAMLET/3',
    };
    expect(expiredReturnPath(saved)).toBe('/tickets/series/HAMLET');
    expect(expiredReturnPath(null)).toBe('/');
    expect(emptyBasketReturnPath(saved)).toBe('/tickets/series/HAMLET/3');
    expect(emptyBasketReturnPath({ kind: 'membership', path: '/memberships/FRIENDS' })).toBe(
      '/memberships/FRIENDS',
    );
    expect(emptyBasketReturnPath(null)).toBe('/');
  });

  it('remembers a target for the tab and reads it back', () => {
    const store = memoryStore();
    const jar = memoryJar();
    expect(savedReturnTarget(store, jar)).toBeNull();
    rememberReturnTarget({ kind: 'giftCertificate', path: '/giftcertificates' }, store, jar);
    expect(savedReturnTarget(store, jar)).toEqual({ kind: 'giftCertificate', path: '/giftcertificates' });
    rememberReturnTarget({ kind: 'series', path: '/tickets/series/NOVA' }, store, jar);
    expect(savedReturnTarget(store, jar)?.path).toBe('/tickets/series/NOVA');
  });

  it('keeps a membership or gift-certificate page in a cookie for 0.1 days, in any tab', () => {
    const jar = memoryJar();
    rememberReturnTarget({ kind: 'membership', path: '/memberships/FRIENDS' }, memoryStore(), jar);
    expect(jar.written.at(-1)).toMatch(/^foyer\.extrasReturnTo=.+; Max-Age=8640; Path=\/; SameSite=Lax$/);
    // A new tab (empty sessionStorage) on the expired page still finds it...
    jar.advance(2.4 * 60 * 60 * 1000 - 1);
    expect(expiredReturnPath(savedReturnTarget(memoryStore(), jar))).toBe('/memberships/FRIENDS');
    // ...until 2.4 hours have passed.
    jar.advance(1);
    expect(expiredReturnPath(savedReturnTarget(memoryStore(), jar))).toBe('/');
  });

  it('the latest selection page wins between the cookie and the tab', () => {
    const store = memoryStore();
    const jar = memoryJar();
    rememberReturnTarget({ kind: 'series', path: '/tickets/series/NOVA' }, store, jar);
    rememberReturnTarget({ kind: 'giftCertificate', path: '/giftcertificates' }, store, jar);
    expect(savedReturnTarget(store, jar)?.path).toBe('/giftcertificates');
    // Not kept in the tab as well: once the cookie lapses it is forgotten.
    expect(store.data.has('foyer.basket.returnTo')).toBe(false);
    rememberReturnTarget({ kind: 'series', path: '/tickets/series/HAMLET' }, store, jar);
    expect(savedReturnTarget(store, jar)?.path).toBe('/tickets/series/HAMLET');
    // A cookie another page forged with a path off this site is never followed.
    jar.write(
      `foyer.extrasReturnTo=${encodeURIComponent('{"kind":"membership","path":"//evil.example"}')}; Max-Age=100`,
    );
    expect(savedReturnTarget(store, jar)?.path).toBe('/tickets/series/HAMLET');
  });

  it('never saves or follows a path off this site, whatever is stored', () => {
    const store = memoryStore();
    rememberReturnTarget({ kind: 'series', path: '//evil.example/x' }, store, memoryJar());
    expect(savedReturnTarget(store)).toBeNull();
    for (const stored of [
      'not json',
      '{"kind":"series","path":"https://evil.example"}',
      '{"kind":"x","path":"/a"}',
    ]) {
      store.data.set('foyer.basket.returnTo', stored);
      expect(savedReturnTarget(store)).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), (path) => {
        store.data.set('foyer.basket.returnTo', JSON.stringify({ kind: 'series', path }));
        const back = expiredReturnPath(savedReturnTarget(store));
        expect(isLocalPath(back)).toBe(true);
        expect(back === '/' || back === path).toBe(true);
      }),
    );
  });

  it('builds paths that stay on this site for any codes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.integer({ min: 1 }),
        fc.option(fc.string({ minLength: 1 })),
        (code, id, plan) => {
          const target = returnTargetForSeats({
            seriesCode: code,
            eventId: id,
            search: plan ? { planCode: plan } : {},
          });
          expect(isLocalPath(target.path)).toBe(true);
          expect(isLocalPath(target.seatSelectionPath!)).toBe(true);
        },
      ),
    );
  });

  it('survives a storage that refuses to work', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => rememberReturnTarget({ kind: 'series', path: '/x' }, broken)).not.toThrow();
    expect(savedReturnTarget(broken)).toBeNull();
  });
});
