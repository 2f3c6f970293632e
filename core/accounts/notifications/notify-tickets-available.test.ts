import fc from 'fast-check';
import { Effect, Layer } from 'effect';
import { TestClock } from 'effect/testing';
import { describe, expect, it } from 'vitest';
import { Catalogue } from '../../catalogue/ports.ts';
import type { EventRecord } from '../../catalogue/event.ts';
import { MailFailed, MailSender, type MailMessage } from '../../orders/ports.ts';
import { notifyTicketsAvailable } from './notify-tickets-available.ts';
import { hamletPerformance } from './test-events.ts';
import { WaitingTicketRequests } from './ticket-notifications.ts';

// The job of one event over an in-memory request store with the same claim rules as the
// PostgreSQL one, a mail sender that can refuse, and a fixed clock.

const NOW = new Date('2026-11-20T12:00:00Z');
const PUBLIC_URL = 'https://foyer.example';

const eventOf = (overrides: Partial<EventRecord> = {}): EventRecord =>
  hamletPerformance({ id: 7, inventory: { open: 2, total: 500 }, ...overrides });

interface Row {
  id: number;
  email: string;
  claimed: boolean;
  notified: boolean;
  refused: boolean;
}

const world = (emails: readonly string[], refusals: { transient: Set<string>; permanent: Set<string> }) => {
  const rows: Row[] = emails.map((email, i) => ({
    id: i + 1,
    email,
    claimed: false,
    notified: false,
    refused: false,
  }));
  const sent: MailMessage[] = [];
  const waiting = Layer.succeed(WaitingTicketRequests, {
    claim: (_eventId, limit) =>
      Effect.sync(() => {
        const due = rows.filter((r) => !r.notified && !r.refused && !r.claimed).slice(0, limit);
        for (const r of due) r.claimed = true;
        const others = rows.filter((r) => !r.notified && !r.refused && r.claimed && !due.includes(r)).length;
        return { claimed: due.map((r) => ({ id: r.id, email: r.email })), others };
      }),
    markSent: (id) =>
      Effect.sync(() => {
        const r = rows.find((x) => x.id === id)!;
        Object.assign(r, { claimed: false, notified: true });
      }),
    release: (id) =>
      Effect.sync(() => {
        rows.find((x) => x.id === id)!.claimed = false;
      }),
    refuse: (id) =>
      Effect.sync(() => {
        Object.assign(
          rows.find((x) => x.id === id)!,
          { claimed: false, refused: true },
        );
      }),
  });
  const mail = Layer.succeed(MailSender, {
    send: (message) => {
      if (refusals.permanent.has(message.to))
        return Effect.fail(new MailFailed({ reason: '550 no such user', permanent: true }));
      if (refusals.transient.delete(message.to))
        return Effect.fail(new MailFailed({ reason: '451 try later', permanent: false }));
      return Effect.sync(() => void sent.push(message));
    },
  });
  return { rows, sent, layer: Layer.mergeAll(waiting, mail) };
};

const catalogueWith = (event: EventRecord | null) =>
  Layer.succeed(Catalogue, { event: () => Effect.succeed(event) } as unknown as Catalogue['Service']);

const run = (layer: Layer.Layer<WaitingTicketRequests | MailSender>, event: EventRecord | null) =>
  Effect.runPromise(
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW.getTime());
      return yield* notifyTicketsAvailable(7, PUBLIC_URL);
    }).pipe(Effect.provide(Layer.mergeAll(layer, catalogueWith(event), TestClock.layer()))),
  );

const address = fc.nat({ max: 999 }).map((n) => `fan${n}@example.com`);

describe('telling the waiting buyers that tickets are back', () => {
  it('sends each address one e-mail over any number of runs; a refusal for good gets none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(address, { maxLength: 130 }),
        fc.func(fc.constantFrom('ok', 'ok', 'later', 'never')),
        async (emails, fate) => {
          const transient = new Set(emails.filter((e) => fate(e) === 'later'));
          const permanent = new Set(emails.filter((e) => fate(e) === 'never'));
          const w = world(emails, { transient, permanent });
          // The job runs until it reports nothing left to retry (pg-boss's retries), then again.
          for (let i = 0; i < 10; i++) {
            const outcome = await run(w.layer, eventOf());
            expect(outcome.available).toBe(true);
            if (outcome.failed === 0 && outcome.others === 0) break;
          }
          await run(w.layer, eventOf());
          const counts = new Map<string, number>();
          for (const m of w.sent) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
          for (const email of emails) expect(counts.get(email) ?? 0).toBe(permanent.has(email) ? 0 : 1);
          expect(w.rows.every((r) => !r.claimed)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('sends nothing, and keeps the requests waiting, while nothing is open or the show is gone', async () => {
    for (const event of [
      eventOf({ inventory: { open: 0, total: 500 } }),
      eventOf({ isCancelled: true }),
      eventOf({ startsAt: new Date('2026-11-20T11:00:00Z') }),
      null,
    ]) {
      const w = world(['fan@example.com'], { transient: new Set(), permanent: new Set() });
      expect(await run(w.layer, event)).toMatchObject({ available: false, sent: 0 });
      expect(w.sent).toEqual([]);
      expect(w.rows[0]).toMatchObject({ claimed: false, notified: false });
    }
  });

  it('leaves requests another run holds to that run, and says so', async () => {
    const w = world(['a@example.com', 'b@example.com'], { transient: new Set(), permanent: new Set() });
    w.rows[0]!.claimed = true;
    expect(await run(w.layer, eventOf())).toMatchObject({ sent: 1, others: 1 });
    expect(w.sent.map((m) => m.to)).toEqual(['b@example.com']);
    expect(w.sent[0]!.subject).toBe(
      'Tickets are available again for Hamlet on Tuesday, December 1, 2026, 7:30 PM',
    );
  });
});
