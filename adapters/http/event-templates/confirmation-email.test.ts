import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Effect } from 'effect';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sendOrderEmail } from '../../../core/orders/order-mail/send-order-email.ts';
import { OrderDocuments } from '../../../core/orders/ports.ts';
import { mailTickets } from '../../../core/orders/staff-orders/mail-tickets.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { makeAppRuntime } from '../../wiring.ts';
import { browser, checkoutBody } from '../checkout/test-browser.ts';
import { OutboxList, OutboxMessage } from '../contract/outbox.ts';

// The real confirmation e-mail of a real order carries its template's text: an order of HAMLET
// is placed through the checkout, and the e-mail job (core/orders/order-mail/send-order-email.ts)
// run with the application's services writes it to the outbox with the text under the tickets;
// the tickets sent again (core/orders/staff-orders/mail-tickets.ts) carry it too.

let api: TestApi;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-template-mail-'));
  api = await createTestApi({ env: { DATA_DIR: dataDir, BASKET_HOLD_MINUTES: '10' } });
});
afterAll(async () => {
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

test("an order's confirmation e-mail has its template's text", async () => {
  const hamlet = (await api.db('event_templates').where({ code: 'HAMLET' }).first('id')) as { id: number };
  await api.db('event_template_texts').insert({
    event_template_id: hamlet.id,
    language: 'en',
    confirmation_email_text: 'The bar opens an hour before curtain.',
  });
  const eventId = await saleEventId(api.db, 'HAMLET', 2);
  const seats = await plainOpenSeats(api.db, eventId, 1);
  const buyer = await browser(api.server);
  expect(
    (
      await buyer.holdSeats(
        eventId,
        seats.map((s) => s.key),
      )
    ).status,
  ).toBe(200);
  const paid = await buyer.checkout(checkoutBody(await buyer.token('4242 4242 4242 4242')));
  expect(paid.status, paid.raw).toBe(200);
  const orderId = paid.body.Order.ID as number;

  const runtime = makeAppRuntime({ db: api.db, config: api.config });
  try {
    expect(await runtime.runPromise(sendOrderEmail(orderId))).toMatchObject({ status: 'Sent' });
    // Sent again (the account's and the staff's resend), the e-mail keeps the text.
    const again = await runtime.runPromise(
      Effect.gen(function* () {
        const doc = yield* OrderDocuments.use((documents) => documents.load(orderId));
        return yield* mailTickets(doc!);
      }),
    );
    expect(again.text).toContain('The bar opens an hour before curtain.');
  } finally {
    await runtime.dispose();
  }
  const list = OutboxList.parse(JSON.parse((await api.server.inject('/api/outbox')).payload));
  const mail = list.Messages.find((m) =>
    m.Subject.startsWith(`Your order ${paid.body.Order.Name as string}`),
  );
  expect(mail).toBeDefined();
  const opened = OutboxMessage.parse(
    JSON.parse((await api.server.inject(`/api/outbox/${encodeURIComponent(mail!.Name)}`)).payload),
  );
  expect(opened.Text).toContain('The bar opens an hour before curtain.');
  expect(opened.Html).toContain('The bar opens an hour before curtain.');
});
