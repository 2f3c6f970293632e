import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../adapters/http/contract/catalogue.ts';
import { setPrinters } from '../../bridge/config.ts';
import { pairBridge } from '../../bridge/pairing.ts';
import { startBridge, type RunningBridge } from '../../bridge/server.ts';
import { startEscposPrinter, type EscposPrinter } from '../../test/stand-ins/printers/escpos-printer.ts';
import { startFglPrinter, type FglPrinter } from '../../test/stand-ins/printers/fgl-printer.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import {
  barcodesOf,
  NO_BRIDGE,
  openBasket,
  openCounterPage,
  orderOf,
  payCash,
  sellForCash,
  sorted,
  textsOf,
} from './pos-bridge.ts';
import { upcomingDates } from './seat-map-page.ts';
import { holdSeats, money, ok, SELLER, signIn, SUPERVISOR } from './staff-session.ts';

// Printing at the counter in Chromium: the real server (with its print worker), the POS bridge
// (bridge/) on a free port with its printers pointed at the FGL and ESC/POS simulators, paired
// through the POS settings' code. A cash sale delivered at the box office prints its tickets, its
// receipt and opens the drawer through the bridge; a printer out of paper is shown with its words
// and Try again prints only what is left; a counter without a bridge is told so; the order page
// prints on a server printer, a fault pausing the job until the clerk resumes it; a bridge with a
// 200 dpi ticket printer gets tickets laid out for 200 dpi, whole on the stock.
// Screenshots in /tmp/shots/pos-*.png.

const SHOTS = '/tmp/shots';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `pos-${name}.png`), fullPage: true });

describe('printing at the counter through the POS bridge', { timeout: 180_000 }, () => {
  let foyer: FoyerUnderTest;
  let dates: Event[];
  let fgl: FglPrinter;
  let escpos: EscposPrinter;
  let home: string;
  let bridge: RunningBridge;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    foyer = await startFoyerUnderTest({ env: { WORKERS: 'true' } });
    dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    fgl = await startFglPrinter({ dpi: 300 });
    escpos = await startEscposPrinter();
    home = await mkdtemp(path.join(tmpdir(), 'foyer-bridge-'));
    await setPrinters(home, {
      ticket: `tcp://127.0.0.1:${fgl.port}`,
      ticketDpi: 300,
      receipt: `tcp://127.0.0.1:${escpos.port}`,
    });
    bridge = await startBridge({ home, port: 0 });
  });

  afterAll(async () => {
    await bridge?.close();
    await fgl?.close();
    await escpos?.close();
    await foyer?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('pairs the counter, then prints a cash sale’s tickets and receipt and opens the drawer', async () => {
    const page = await openCounterPage(foyer, bridge.url);
    await signIn(foyer, page, SELLER, '/admin');
    await holdSeats(page, dates[1]!, 2);
    await openBasket(foyer, page);

    // Pairing: the POS settings ask the server for a code and show the bridge's command.
    await page.getByRole('button', { name: 'POS settings' }).click();
    const settings = page.getByRole('dialog', { name: 'POS settings' });
    await settings.getByTestId('pos-status').getByText('A POS bridge (version', { exact: false }).waitFor();
    await settings.getByLabel('Counter name').fill('Counter 1');
    await settings.getByRole('button', { name: 'Pair this counter' }).click();
    const shown = settings.getByTestId('pairing-code');
    await shown.waitFor();
    const code = await shown.locator('strong').innerText();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await shown.locator('code').innerText()).toBe(`npm run bridge -- pair ${foyer.baseUrl} ${code}`);
    await shot(page, 'settings-pairing');
    const paired = await pairBridge(home, foyer.baseUrl, code);
    expect(paired.origin).toBe(new URL(foyer.baseUrl).origin);
    await settings.getByRole('button', { name: 'Check again' }).click();
    await settings
      .getByTestId('pos-status')
      .getByText('POS bridge: Counter 1 (version', { exact: false })
      .waitFor();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });

    // The sale: cash with $10.00 change.
    const sale = await payCash(page, 1000);
    const banner = page.getByTestId('counter-sale-banner');
    await banner.locator('[data-testid="bridge-print"][data-phase="done"]').waitFor({ timeout: 30_000 });
    const words = await banner.innerText();
    expect(words).toContain('2 tickets printed.');
    expect(words).toContain('Receipt printed.');
    expect(words).toContain('Cash drawer opened.');
    expect(words).not.toContain('Error printing tickets');
    await shot(page, 'sale-banner-printed');
    await banner.screenshot({ path: path.join(SHOTS, 'pos-banner-printed.png') });

    const order = await orderOf(page, sale.orderId);
    expect(order.tickets).toHaveLength(2);
    await fgl.waitForTickets(2);
    expect(sorted(barcodesOf(fgl.tickets))).toEqual(sorted(order.tickets.map((t) => t.Barcode)));
    expect(fgl.errors).toEqual([]);
    expect(order.tickets.every((t) => t.Printed)).toBe(true);
    expect(order.awaitingPrint).toBe(false);

    const [receipt] = await escpos.waitForReceipts(1);
    const text = receipt!.lines.map((l) => l.text).join('\n');
    expect(text).toContain(sale.orderName);
    expect(text).toMatch(/CHANGE DUE/);
    expect(text).toContain(money(1000).replace('$', ''));
    expect(escpos.drawerKicks).toBeGreaterThanOrEqual(1);
    await page.context().close();
  });

  it('shows the printer’s words when it runs out of paper; Try again prints only what is left, once', async () => {
    const page = await openCounterPage(foyer, bridge.url);
    await signIn(foyer, page, SELLER, '/admin');
    const before = fgl.tickets.length;
    // The second ticket meets an empty printer, which keeps it; the third is never sent.
    fgl.failAfter('paper-out', 1);
    const sale = await sellForCash(foyer, page, dates[2]!, 3, 500);
    const banner = page.getByTestId('counter-sale-banner');
    await banner.locator('[data-testid="bridge-print"][data-phase="done"]').waitFor({ timeout: 30_000 });
    const failures = banner.getByTestId('bridge-print-failures');
    const failed = await failures.innerText();
    expect(failed).toContain('Error printing tickets');
    expect(failed).toMatch(/out of paper/i);
    expect(await failures.locator('li').count()).toBe(2);
    // The receipt and the drawer do not wait for the ticket printer.
    expect(await banner.innerText()).toContain('Cash drawer opened.');
    await shot(page, 'sale-banner-paper-out');
    await banner.screenshot({ path: path.join(SHOTS, 'pos-banner-paper-out.png') });

    let order = await orderOf(page, sale.orderId);
    expect(order.tickets.filter((t) => t.Printed)).toHaveLength(1);

    // Paper loaded: the kept ticket prints by itself.
    fgl.recover();
    await fgl.waitForTickets(before + 2);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await banner.locator('[data-testid="bridge-print"][data-phase="done"]').waitFor({ timeout: 30_000 });
    await banner.getByTestId('bridge-print-done').getByText('3 tickets printed.').waitFor();
    await banner.screenshot({ path: path.join(SHOTS, 'pos-banner-retried.png') });
    expect(await banner.getByTestId('bridge-print-failures').count()).toBe(0);

    order = await orderOf(page, sale.orderId);
    await fgl.waitForTickets(before + 3);
    const printedNow = barcodesOf(fgl.tickets.slice(before));
    expect(sorted(printedNow)).toEqual(sorted(order.tickets.map((t) => t.Barcode)));
    expect(order.tickets.every((t) => t.Printed)).toBe(true);
    expect(fgl.tickets).toHaveLength(before + 3);
    await page.context().close();
  });

  it('prints on a server printer from the order page: a fault pauses the job, Resume finishes it; no bridge, no POS', async () => {
    const server = await startFglPrinter({ dpi: 300 });
    const receipts = await startEscposPrinter();
    try {
      const page = await openCounterPage(foyer, NO_BRIDGE);
      await signIn(foyer, page, SUPERVISOR, '/admin');
      await ok(page, 'POST', '/api/admin/printers', {
        Name: 'Box office tickets',
        Kind: 'fgl',
        Address: `tcp://127.0.0.1:${server.port}`,
        Dpi: 300,
      });

      // No bridge: the banner says the tickets wait, and offers a server printer.
      const sale = await sellForCash(foyer, page, dates[3]!, 2, 0);
      expect(sale.banner).toContain('Tickets awaiting printing.');
      await page
        .getByTestId('counter-sale-banner')
        .getByRole('button', { name: 'Print on a server printer' })
        .waitFor();
      await shot(page, 'sale-banner-no-bridge');

      // The bridge is asked at most once a session: two loads of the order page ask it no more.
      const pings: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(NO_BRIDGE)) pings.push(r.url());
      });
      await page.goto(`${foyer.baseUrl}/admin/orders/${sale.orderId}`);
      const panel = page.getByTestId('order-print');
      await panel.getByText('No POS bridge answers this browser.').waitFor();
      await page.reload();
      await panel.getByText('No POS bridge answers this browser.').waitFor();
      expect(pings.length).toBeLessThanOrEqual(1);

      // Forced onto this counter's POS, which is not there.
      await panel.getByLabel('Ticket printer').selectOption({ label: 'This counter (POS bridge)' });
      await panel.getByRole('button', { name: 'Print tickets' }).click();
      await panel
        .getByRole('alert')
        .getByText('Oops - attempt to access POS terminal when this app is not running inside a POS.')
        .waitFor();
      // ...and how to print instead.
      expect(await panel.getByTestId('print-no-bridge').innerText()).toContain(
        'choose one of the server’s printers above, or pair a bridge with this counter in POS settings',
      );
      await shot(page, 'order-no-pos');
      expect(server.tickets).toHaveLength(0);

      // On the server's printer, which runs out of paper after the first ticket.
      server.failAfter('paper-out', 1);
      await panel.getByLabel('Ticket printer').selectOption({ label: 'Box office tickets' });
      await panel.getByRole('button', { name: 'Print tickets' }).click();
      const job = panel.getByTestId('print-job');
      await panel.locator('[data-testid="print-job"][data-status="paused"]').waitFor({ timeout: 30_000 });
      expect(await job.getByTestId('print-job-fault').innerText()).toBe(
        'Box office tickets: The printer is out of paper. Load paper, then resume the job.',
      );
      await shot(page, 'order-print-panel-paused');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      server.recover();
      await job.getByRole('button', { name: 'Resume' }).click();
      await panel.locator('[data-testid="print-job"][data-status="done"]').waitFor({ timeout: 30_000 });
      expect(await job.getByTestId('print-job-count').innerText()).toBe('2 of 2 printed');
      await shot(page, 'order-print-panel-done');

      const order = await orderOf(page, sale.orderId);
      expect(sorted(barcodesOf(server.tickets))).toEqual(sorted(order.tickets.map((t) => t.Barcode)));
      expect(order.tickets.every((t) => t.Printed)).toBe(true);
      // The page read the order again: its tickets show as printed, with Reprint.
      const first = page.locator(`[data-ticket-id="${order.tickets[0]!.Id}"]`);
      await first.getByRole('button', { name: 'Reprint' }).waitFor();

      // A reprint asks first, then prints the ticket marked REPRINT.
      await first.getByRole('button', { name: 'Reprint' }).click();
      const ask = page.getByRole('dialog', { name: 'Reprint ticket' });
      await ask.getByText('The ticket will say REPRINT', { exact: false }).waitFor();
      await ask.getByRole('button', { name: 'Reprint' }).click();
      await panel.locator('[data-testid="print-job"][data-status="done"]').waitFor({ timeout: 30_000 });
      await server.waitForTickets(3);
      expect(barcodesOf([server.tickets[2]!])).toEqual([order.tickets[0]!.Barcode]);
      expect(textsOf(server.tickets[2]!).join(' ')).toContain('REPRINT');

      // The usher line.
      await first.getByRole('button', { name: 'Usher message' }).click();
      const usher = page.getByRole('dialog', { name: 'Usher message' });
      await usher.getByLabel('Message printed on the ticket for the usher').fill('Wheelchair space');
      await usher.getByRole('button', { name: 'Save' }).click();
      await first.getByTestId('usher-line').getByText('Usher: Wheelchair space').waitFor();

      // A refund's receipt, on the server's receipt printer.
      const refund = await ok(page, 'POST', `/api/admin/orders/${sale.orderId}/cancel`, {
        TicketIds: [order.tickets[1]!.Id],
        Refund: true,
      });
      expect((refund.Refunds as unknown[]).length).toBe(1);
      await ok(page, 'POST', '/api/admin/printers', {
        Name: 'Box office receipts',
        Kind: 'escpos',
        Address: `tcp://127.0.0.1:${receipts.port}`,
      });
      await page.reload();
      await panel.getByLabel('Receipt printer').selectOption({ label: 'Box office receipts' });
      await page.getByTestId('order-refunds').getByRole('button', { name: 'Print refund receipt' }).click();
      await panel.locator('[data-testid="print-job"][data-status="done"]').waitFor({ timeout: 30_000 });
      const [printed] = await receipts.waitForReceipts(1);
      const text = printed!.lines.map((l) => l.text).join('\n');
      expect(text).toContain('REFUND');
      expect(text).toContain(sale.orderName);
      await page.context().close();
    } finally {
      await server.close();
      await receipts.close();
    }
  });

  it('prints whole tickets on a 200 dpi ticket printer: laid out for the bridge’s dpi, QR code and order number on the stock', async () => {
    const small = await startFglPrinter({ dpi: 200 });
    try {
      await setPrinters(home, { ticket: `tcp://127.0.0.1:${small.port}`, ticketDpi: 200 });
      const page = await openCounterPage(foyer, bridge.url);
      await signIn(foyer, page, SELLER, '/admin');
      const sale = await sellForCash(foyer, page, dates[1]!, 2, 0);
      const banner = page.getByTestId('counter-sale-banner');
      await banner.locator('[data-testid="bridge-print"][data-phase="done"]').waitFor({ timeout: 30_000 });
      const words = await banner.innerText();
      expect(words).toContain('2 tickets printed.');
      expect(words).not.toContain('Error printing tickets');

      await small.waitForTickets(2);
      // Nothing drawn past the edge of the 384 x 1050 stock (the stand-in notes what a printer clips).
      expect(small.errors).toEqual([]);
      const order = await orderOf(page, sale.orderId);
      expect(sorted(barcodesOf(small.tickets))).toEqual(sorted(order.tickets.map((t) => t.Barcode)));
      for (const ticket of small.tickets) expect(textsOf(ticket)).toContain(`Order ${sale.orderName}`);
      expect(order.tickets.every((t) => t.Printed)).toBe(true);
      await small.saveTickets(SHOTS, 'pos-ticket-200dpi');
      const log = await readFile(path.join(home, 'bridge.log'), 'utf8');
      expect(log).toContain(`web: Order ${sale.orderId}: 2 tickets printed`);
      await page.context().close();
    } finally {
      await setPrinters(home, { ticket: `tcp://127.0.0.1:${fgl.port}`, ticketDpi: 300 });
      await small.close();
    }
  });
});
