import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteverifyStandIn, type SiteverifyStandIn } from '../../test/stand-ins/captcha/siteverify.ts';
import { atPaymentWithOneSeat, confirmationOf, pay } from './checkout-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, upcomingDates } from './seat-map-page.ts';

// The checkout's robot check in Chromium, configured as a deployment would (CAPTCHA_*):
// the page shows reCAPTCHA through its React wrapper, whose script (www.google.com/recaptcha/api.js)
// is answered here by a look-alike with the same API (render, reset, the callbacks), and the
// server checks the answer with a loopback stand-in of Google's siteverify. No bypassCSP: the
// Content-Security-Policy must let Google's widget in.

const SECRET = 'robot-secret';

/** reCAPTCHA's api.js, in miniature: a checkbox that answers `token` when ticked. */
const widgetScript = (token: string) => `
  (() => {
    const widgets = [];
    window.grecaptcha = {
      render(el, params) {
        const label = document.createElement('label');
        const box = document.createElement('input');
        box.type = 'checkbox';
        label.append(box, ' I am not a robot');
        el.append(label);
        box.addEventListener('change', () => { if (box.checked) params.callback(${JSON.stringify(token)} + '-' + widgets.length + '-' + Date.now()); });
        widgets.push({ box, params });
        return widgets.length - 1;
      },
      reset(id) { widgets[id].box.checked = false; },
      getResponse() { return ''; },
      execute() {},
    };
    window.robotCheckExpires = () => widgets.forEach((w) => { w.box.checked = false; w.params['expired-callback']?.(); });
    window.onloadcallback?.();
  })();`;

describe('the robot check on the payment page', () => {
  let siteverify: SiteverifyStandIn;
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    siteverify = await startSiteverifyStandIn(SECRET);
    foyer = await startFoyerUnderTest({
      env: {
        CAPTCHA_PROVIDER: 'recaptcha',
        CAPTCHA_SITE_KEY: 'robot-site-key',
        CAPTCHA_SECRET_KEY: SECRET,
        CAPTCHA_VERIFY_URL: siteverify.url,
      },
    });
  });

  afterAll(async () => {
    await foyer?.stop();
    await siteverify?.close();
  });

  /** The widget's answers are ones the siteverify stand-in knows, for this page's host. */
  const withWidget = async (page: Page) => {
    const host = new URL(foyer.baseUrl).hostname;
    const issued: string[] = [];
    await page.route('https://www.google.com/recaptcha/api.js*', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: widgetScript('robot') }),
    );
    await page.exposeFunction('issueRobotAnswer', (token: string) => {
      siteverify.issue(token, { hostname: host });
      issued.push(token);
    });
    await page.addInitScript(() => {
      // The look-alike's answers reach the stand-in as Google's reach Google.
      const original = window.fetch;
      window.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const answer = new URL(url, location.href).searchParams.get('gRecaptchaResponse');
        if (answer)
          await (window as unknown as { issueRobotAnswer: (t: string) => Promise<void> }).issueRobotAnswer(
            answer,
          );
        return original(input, init);
      };
    });
    return issued;
  };

  it('asks for the check, clears an expired answer, and pays once it passes', async () => {
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    const p = await performanceOf(foyer.baseUrl, dates[1]!);
    const page = await foyer.openPage();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    const checked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/checkout/recaptcha')) checked.push(r.url());
    });
    const issued = await withWidget(page);
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');

    const box = page.getByRole('checkbox', { name: 'I am not a robot' });
    await box.waitFor();
    await page.getByRole('group', { name: 'Please confirm you are not a robot' }).waitFor();

    // Not ticked: the payment does not start, the reason shows at the widget, the focus goes there.
    await pay(page);
    await page.getByText('Tick the box to confirm you are not a robot.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('robot-check');
    expect(checked).toEqual([]);

    // Ticked, then expired before paying: the answer is cleared, so it is asked for again.
    await box.check();
    await page.evaluate(() => (window as unknown as { robotCheckExpires: () => void }).robotCheckExpires());
    await pay(page);
    await page.getByText('Tick the box to confirm you are not a robot.').waitFor();
    expect(checked).toEqual([]);

    await box.check();
    await page.screenshot({ path: '/tmp/foyer-robot-check.png', fullPage: true });
    await pay(page);
    const order = await confirmationOf(page);
    expect(order.TicketItems).toHaveLength(1);
    // One answer checked, the one the widget gave; the provider saw it once, for this host.
    expect(checked).toHaveLength(1);
    expect(issued).toHaveLength(1);
    expect(siteverify.requests.map((r) => r.get('response'))).toEqual(issued);
    expect(blocked).toEqual([]);
    await page.context().close();
  });
});
