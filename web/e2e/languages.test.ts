import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringsFor } from '../../core/i18n/strings/index.ts';
import { confirmationOf } from './checkout-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { clickSeat, performanceOf, plainOpenSeats, seatMapPath, upcomingDates } from './seat-map-page.ts';

// A buyer whose browser asks for Japanese or Korean: the first visit picks the language from
// Accept-Language, <html lang> follows, and the whole purchase, home to confirmation, speaks it.
// The page's words are checked against the English table: no text of the page, nor a label a
// screen reader hears, may be one of its sentences. (The demo's own content, show titles and
// delivery method names, is written by the box office in English and is not checked.)

const english = stringsFor('consumer', 'en');
// Whole English sentences and labels of two words or more, placeholders left out.
const englishSentences = [
  ...new Set(
    Object.values(english).filter((text) => !text.includes('{{') && /^[A-Z][a-z’']+ [a-z’']+/.test(text)),
  ),
];

/** The English table's sentences the page shows as a whole text or label. */
const englishOn = async (page: Page): Promise<string[]> => {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) found.push(node.textContent ?? '');
    for (const element of document.body.querySelectorAll('[aria-label],[placeholder],[title],[alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
        found.push(element.getAttribute(name) ?? '');
    return found.map((text) => text.trim()).filter((text) => text !== '');
  });
  const shown = new Set(texts);
  return englishSentences.filter((sentence) => shown.has(sentence));
};

/** A screenshot once the page's fonts (the script's slices included) have arrived. */
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: `/tmp/shots/languages-${name}.png`, fullPage });
};

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A table text with placeholders as a pattern: '{{amount}}を支払う' -> /^.+を支払う$/. */
const pattern = (text: string) => new RegExp(`^${literal(text).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`);

describe.each([
  { language: 'ja', locale: 'ja-JP', name: '日本語', font: 'Noto Sans JP Variable' },
  { language: 'ko', locale: 'ko-KR', name: '한국어', font: 'Noto Sans KR Variable' },
])('buying in $language', ({ language, locale, name, font }) => {
  const t = stringsFor('consumer', language);
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
  });
  afterAll(() => foyer?.stop());

  it(`picks ${name} on a first visit and sells a seat in it from home to confirmation`, async () => {
    const page = await foyer.openPage({ locale });
    await page.goto(foyer.baseUrl);
    await page.getByRole('heading', { level: 1, name: t['home.title'] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await page.getByLabel(t['footer.language']!).inputValue()).toBe(language);
    await shot(page, `${language}-home`, true);
    // The script's own face came with the page, whatever fonts the device has.
    const loadedFaces = await page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.status === 'loaded')
        .map((face) => face.family.replace(/"/g, '')),
    );
    expect(loadedFaces).toContain(font);
    expect(await englishOn(page)).toEqual([]);

    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    const p = await performanceOf(foyer.baseUrl, dates[3]!);
    const [seat] = plainOpenSeats(p, 1);
    await page.goto(`${foyer.baseUrl}${seatMapPath(p)}`);
    await page.locator('[data-seats-drawn]').waitFor();
    const gotIt = page.getByRole('button', { name: t['seatmap.instructions.dismiss'] });
    if (await gotIt.isVisible()) await gotIt.click();
    await clickSeat(page, p, seat!.Key);
    await page.waitForFunction(
      () => !(document.querySelector('.footer-cart__continue') as HTMLButtonElement).disabled,
    );
    await shot(page, `${language}-seatmap`);
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('button', { name: t['seatmap.cart.continue'], exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/checkout/basket');
    const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await page.getByRole('radio').first().check();
    expect((await chosen).status()).toBe(200);
    await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('button', { name: t['basket.checkout'], exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/checkout/payment');
    await page.getByRole('heading', { level: 1, name: t['checkout.title'] }).waitFor();
    await page.getByLabel(t['checkout.contact.FirstName']!, { exact: true }).fill('太郎');
    await page.getByLabel(t['checkout.contact.LastName']!, { exact: true }).fill('山田');
    await page.getByLabel(t['checkout.contact.Email']!, { exact: true }).fill('taro@example.com');
    await page.getByLabel(t['checkout.address.line1']!, { exact: true }).fill('1-1 Marunouchi');
    await page.getByLabel(t['checkout.address.city']!, { exact: true }).fill('Springfield');
    await page.getByLabel(t['checkout.address.postalCode']!, { exact: true }).fill('62701');
    await page.getByRole('checkbox', { name: t['checkout.terms.accept'] }).check();
    await page.getByLabel(t['payments.card.number']!, { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel(t['payments.card.expiry']!, { exact: true }).pressSequentially('1234');
    await page.getByLabel(t['payments.card.cvc']!, { exact: true }).fill('123');
    await page.getByLabel(t['payments.card.holder']!, { exact: true }).fill('TARO YAMADA');
    await shot(page, `${language}-payment`, true);
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole('button', { name: pattern(t['checkout.pay']!) }).click();

    const order = await confirmationOf(page, t['confirmation.title']);
    expect(order.TicketItems).toHaveLength(1);
    await shot(page, `${language}-confirmation`, true);
    expect(await englishOn(page)).toEqual([]);
  });
});
