import { describe, expect, it } from 'vitest';
import type { OrderDocument } from '../../core/orders/order-document.ts';
import { orderDocumentFactory, ticketFactory } from '../../core/orders/test-factories.ts';
import { renderTicketsPdf } from './pdf.ts';
import { textRun } from './pdf-fonts.ts';
import { pdfText } from './pdf-text.ts';
import { pdfFontsOf, pdfPageCount, pdfTextOf } from './read-pdf.ts';

// Tickets print every script Foyer has strings for: Latin with accents, Japanese, Korean and
// Chinese, each read back verbatim from the PDF's text layer (through the embedded fonts'
// ToUnicode maps, as a viewer's search and copy do).

const order = (
  buyer: { firstName: string; lastName: string },
  title: string,
  venueTimeZone: string,
  more: Partial<OrderDocument> = {},
): OrderDocument => {
  const base = orderDocumentFactory();
  return orderDocumentFactory({
    buyer: { ...buyer, email: 'buyer@example.com' },
    events: [{ ...base.events[0]!, name: title, venueTimeZone }],
    tickets: [ticketFactory()],
    ...more,
  });
};

describe('ticket PDF in every script', () => {
  it.each([
    [
      'Japanese',
      { firstName: '太郎', lastName: '山田' },
      'ハムレット',
      'Asia/Tokyo',
      '山田太郎',
      'NotoSansJP',
    ],
    ['Korean', { firstName: '민준', lastName: '김' }, '햄릿', 'Asia/Seoul', '김민준', 'NotoSansKR'],
    ['Chinese', { firstName: '伟', lastName: '张' }, '哈姆雷特', 'Asia/Shanghai', '张伟', 'NotoSansSC'],
  ])('prints a %s name and title verbatim, in its own font', async (_, buyer, title, zone, name, face) => {
    const pdf = await renderTicketsPdf(order(buyer, title, zone));
    const text = pdfTextOf(pdf);
    expect(text).toContain(name);
    expect(text).toContain(title);
    expect(text).not.toContain('?');
    expect(pdfFontsOf(pdf, name)).toEqual([`${face}-Bold`]);
    expect(pdfFontsOf(pdf, title)).toEqual([`${face}-Bold`]);
    // The English words around them keep Helvetica.
    expect(pdfFontsOf(pdf, 'ADMIT ONE')).toEqual(['Helvetica-Bold']);
    expect(pdfFontsOf(pdf, 'FYR7Q2M9K4XW1TB8')).toEqual(['Courier-Bold']);
  });

  it('prints Portuguese, French and German accents in Helvetica, as before', async () => {
    const pdf = await renderTicketsPdf(
      order({ firstName: 'João', lastName: 'Conceição' }, 'Fado em Português', 'Europe/Lisbon', {
        deliveryMethod: { name: 'Größere Bühne – à l’entrée', type: 'PrintAtHome' },
      }),
    );
    const text = pdfTextOf(pdf);
    for (const expected of ['João Conceição', 'Fado em Português', 'Größere Bühne – à l’entrée'])
      expect(text).toContain(expected);
    expect(pdfFontsOf(pdf, 'João Conceição')).toEqual(['Helvetica-Bold']);
    expect(pdfText('Português')).toBe('Português'); // WinAnsi has every letter of it
  });

  it('prints Latin beyond WinAnsi (and Greek, Cyrillic) with embedded Noto Sans instead of dropping accents', async () => {
    const pdf = await renderTicketsPdf(
      order({ firstName: 'Antonín', lastName: 'Dvořák' }, 'Łódź', 'Europe/Warsaw'),
    );
    const text = pdfTextOf(pdf);
    expect(text).toContain('Antonín Dvořák');
    expect(text).toContain('Łódź');
    expect(pdfFontsOf(pdf, 'Dvořák')).toEqual(['NotoSans-Bold']);
    expect(textRun('Ελληνικά Русский Tiếng Việt', 'zh')).toEqual({
      face: 'NotoSans',
      text: 'Ελληνικά Русский Tiếng Việt',
    });
  });

  it('draws Han characters as the order reads them: Japanese forms in a Japanese order, Chinese in a Chinese one', async () => {
    // All kanji, no kana: the venue's place decides.
    const tokyo = await renderTicketsPdf(
      order({ firstName: '一郎', lastName: '鈴木' }, '歌舞伎', 'Asia/Tokyo'),
    );
    expect(pdfFontsOf(tokyo, '歌舞伎')).toEqual(['NotoSansJP-Bold']);
    const beijing = await renderTicketsPdf(
      order({ firstName: '明', lastName: '李' }, '歌舞伎', 'Asia/Shanghai'),
    );
    expect(pdfFontsOf(beijing, '歌舞伎')).toEqual(['NotoSansSC-Bold']);
    // Kana anywhere on the order makes it Japanese, wherever it is played.
    const paris = await renderTicketsPdf(
      order({ firstName: 'はなこ', lastName: '佐藤' }, '能', 'Europe/Paris'),
    );
    expect(pdfFontsOf(paris, '能')).toEqual(['NotoSansJP-Bold']);
    // A Chinese name on a Japanese order: 张 is no Japanese character, so the SC font draws it.
    const guest = await renderTicketsPdf(
      order({ firstName: '伟', lastName: '张' }, 'ハムレット', 'Asia/Tokyo'),
    );
    expect(pdfTextOf(guest)).toContain('张伟');
    expect(pdfFontsOf(guest, '张伟')).toEqual(['NotoSansSC-Bold']);
    expect(pdfFontsOf(guest, 'ハムレット')).toEqual(['NotoSansJP-Bold']);
  });

  it('keeps characters beyond the BMP whole (𠮷), and replaces only what no font has', async () => {
    const pdf = await renderTicketsPdf(
      order({ firstName: '健', lastName: '髙橋' }, 'ハムレット', 'Asia/Tokyo', {
        events: [{ ...orderDocumentFactory().events[0]!, name: 'ハムレット', venueName: '𠮷祥寺シアター' }],
      }),
    );
    const text = pdfTextOf(pdf);
    expect(text).toContain('髙橋健');
    expect(text).toContain('𠮷祥寺シアター');
    expect(text).not.toContain('\uFFFD');
    expect(textRun('Hamlet 🎭', 'ja')).toEqual({ face: 'NotoSans', text: 'Hamlet ?' });
  });

  it('stays small: pdfkit embeds only the glyphs a ticket uses', async () => {
    const japanese = await renderTicketsPdf(
      order({ firstName: '太郎', lastName: '山田' }, 'ハムレット', 'Asia/Tokyo'),
    );
    const latin = await renderTicketsPdf(
      order({ firstName: 'João', lastName: 'Conceição' }, 'Hamlet', 'Europe/Lisbon'),
    );
    expect(pdfPageCount(japanese)).toBe(1);
    // About 9 KB and 4 KB when written; the whole Noto Sans JP is 5.5 MB a weight.
    expect(japanese.length).toBeLessThan(50_000);
    expect(latin.length).toBeLessThan(10_000);
  });
});
