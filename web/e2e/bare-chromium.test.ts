import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBareChromium, type BareChromium } from '../../bench/lib/bare-chromium.ts';

// The seat map bench's browser (bench/lib/bare-chromium.ts), against a page served here: it
// loads, answers, keeps each page's storage to itself and reports the page's errors.

const page = `<!doctype html><title>bare</title><script>
  setTimeout(() => performance.mark('ready', { detail: { n: 7 } }), 50);
</script>`;

let server: Server;
let url: string;
let chromium: BareChromium;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  chromium = await launchBareChromium();
});

afterAll(async () => {
  await chromium?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('bare Chromium', () => {
  it('opens a page at the size asked and awaits what the page computes', async () => {
    const tab = await chromium.newPage({ width: 1000, height: 700 });
    await tab.goto(url);
    expect(
      await tab.evaluate(() => ({ title: document.title, width: innerWidth, height: innerHeight })),
    ).toEqual({ title: 'bare', width: 1000, height: 700 });
    const detail = await tab.evaluate(
      (name) =>
        new Promise<unknown>((resolve) => {
          const now = performance.getEntriesByName(name)[0] as PerformanceMark | undefined;
          if (now) return resolve(now.detail);
          new PerformanceObserver((marks) => {
            const mark = marks.getEntriesByName(name)[0] as PerformanceMark | undefined;
            if (mark) resolve(mark.detail);
          }).observe({ type: 'mark' });
        }),
      'ready',
    );
    expect(detail).toEqual({ n: 7 });
    await tab.close();
  });

  it('gives every page a browser context of its own', async () => {
    const first = await chromium.newPage({ width: 800, height: 600 });
    await first.goto(url);
    await first.evaluate(() => localStorage.setItem('seen', 'yes'));
    expect(await first.evaluate(() => localStorage.getItem('seen'))).toBe('yes');
    const second = await chromium.newPage({ width: 800, height: 600 });
    await second.goto(url);
    expect(await second.evaluate(() => localStorage.getItem('seen'))).toBeNull();
    await first.close();
    await second.close();
  });

  it("rejects with the page's own error", async () => {
    const tab = await chromium.newPage({ width: 800, height: 600 });
    await tab.goto(url);
    await expect(
      tab.evaluate(() => {
        throw new Error('nothing drawn');
      }),
    ).rejects.toThrow(/nothing drawn/);
    await tab.close();
  });

  it('says when an address cannot be opened', async () => {
    const tab = await chromium.newPage({ width: 800, height: 600 });
    await expect(tab.goto('http://127.0.0.1:1/')).rejects.toThrow(/net::ERR_/);
    await tab.close();
  });
});
