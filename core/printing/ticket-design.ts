import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { cjkLanguageOf } from '../i18n/scripts.ts';
import { amountOf, cjkLanguageOfOrder, eventOf, monthFirst, performanceTime } from '../orders/ticket-text.ts';
import type { PrintableTicket } from './printable-ticket.ts';
import { columnsOf, cut, ticketRuns, ticketText, ticketWords, wrap } from './printer-text.ts';
import {
  checkTicketFits,
  qrModules,
  type TicketMark,
  type TicketLayout,
  type TicketText,
} from './ticket-layout.ts';
import { dots, fontCell, ticketStock, type Dpi, type FontNumber } from './ticket-stock.ts';

// Foyer's one thermal ticket design, for 2 x 5.5 inch stock at 200 or 300 dpi. Left to right:
// the text column (event, venue, date, seat, price type and price, order, usher message), the
// QR code of the ticket's barcode with the barcode's text under it (and REPRINT under that), and
// the optional stub past the perforation. Every length is given in 200 dpi dots and scaled to the
// printer's `dpi` (`dots`, `fontCell`): the layout is for one printer's stock, and a 300 dpi
// layout sent to a 200 dpi printer loses its right and bottom (QR code, price, order number).
// Every text is cut or wrapped to its room, so no name is long enough to leave the stock, and the
// finished layout is checked against it (TicketOffStockError); the price is left out entirely when
// obscured. Names, places, seats, price types and the usher message keep what the printer's fonts
// cannot print (`ticketWords`): those runs are raster marks in the room the font's text would take,
// a wide character (CJK, hangul, kana) two cells, drawn by the encoder as pictures; the date, the
// price and the order number are printable ASCII (`ticketText`).

/** Longest barcode the QR area holds at either resolution (version 9, three dots a module at 200 dpi). */
export const MAX_BARCODE_LENGTH = 180;

const MARGIN = 16;
const STUB_WIDTH = 250;
const QR_AREA = 170;

const charsIn = (width: number, font: FontNumber, dpi: Dpi, wide = 1) =>
  Math.max(0, Math.floor(width / (fontCell(font, dpi).width * wide)));

/** The performance's day and time for the stub, as two short lines. */
const stubTime = (doc: PrintableTicket['doc'], ticket: PrintableTicket['ticket']): [string, string] => {
  const event = eventOf(doc, ticket);
  const instant = fromZonedTime(event.localDate, event.venueTimeZone);
  const us = monthFirst(doc.currencyLocale);
  return [
    formatInTimeZone(instant, event.venueTimeZone, us ? 'EEE MMM d yyyy' : 'EEE d MMM yyyy'),
    formatInTimeZone(instant, event.venueTimeZone, us ? 'h:mm a zzz' : 'HH:mm zzz'),
  ];
};

export const designTicket = (input: PrintableTicket, dpi: Dpi): TicketLayout => {
  const { doc, ticket } = input;
  const barcode = ticket.barcode;
  if (!/^[\x21-\x7e]+$/.test(barcode) || /[<>{}^]/.test(barcode) || barcode.length > MAX_BARCODE_LENGTH)
    throw new RangeError(
      `ticket ${ticket.ticketId}: barcode is not printable ASCII of at most ${MAX_BARCODE_LENGTH}`,
    );
  const stock = ticketStock(dpi);
  const d = (at200: number) => dots(at200, dpi);
  const marks: TicketMark[] = [];
  // Han characters are drawn the way the order reads them (Japanese, Korean or Chinese forms).
  const hanAs =
    cjkLanguageOfOrder(doc) ??
    cjkLanguageOf(
      [input.usherMessage ?? ''],
      doc.events.map((e) => e.venueTimeZone),
    ) ??
    'zh';
  /** A text from (row, column): its font runs as text marks, what the font lacks as raster marks. */
  const text = (
    role: TicketText['role'],
    row: number,
    column: number,
    font: FontNumber,
    value: string,
    extra: Partial<Pick<TicketText, 'tall' | 'wide' | 'rotation'>> = {},
  ) => {
    if (value.length === 0) return;
    const { tall = 1, wide = 1, rotation = 'none' } = extra;
    const cell = fontCell(font, dpi).width * wide;
    const length = columnsOf(value) * cell;
    let along = 0;
    for (const run of ticketRuns(value)) {
      const runLength = columnsOf(run.text) * cell;
      // Turned left, the text reads up the ticket: its first run is at the bottom.
      const offset = rotation === 'left' ? length - along - runLength : along;
      const at = rotation === 'none' ? { row, column: column + offset } : { row: row + offset, column };
      marks.push(
        run.raster
          ? {
              kind: 'raster',
              role,
              ...at,
              cell,
              height: fontCell(font, dpi).height * tall,
              rotation,
              text: run.text,
              hanAs,
            }
          : { kind: 'text', role, ...at, font, tall, wide, rotation, text: run.text },
      );
      along += runLength;
    }
  };
  const height = (font: FontNumber, tall = 1) => fontCell(font, dpi).height * tall;

  const event = eventOf(doc, ticket);
  const price = input.obscurePrice ? null : ticketText(amountOf(doc, ticket.amount));
  const stubLeft = input.stub ? stock.columns - d(STUB_WIDTH) : stock.columns;
  const mainRight = input.stub ? stubLeft - d(24) : stock.columns - d(MARGIN);
  const qrLeft = mainRight - d(QR_AREA);
  const left = d(MARGIN);
  const width = qrLeft - d(16) - left;
  const bottom = stock.rows - d(MARGIN);

  // The text column, top to bottom.
  let row = d(MARGIN);
  const name = ticketWords(event.name);
  if (columnsOf(name) <= charsIn(width, 6, dpi)) {
    text('event', row, left, 6, name);
    row += height(6);
  } else {
    for (const line of wrap(name, charsIn(width, 3, dpi), 2)) {
      text('event', row, left, 3, line);
      row += height(3);
    }
  }
  row += d(6);
  text('venue', row, left, 3, cut(ticketWords(event.venueName), charsIn(width, 3, dpi)));
  row += height(3) + d(4);
  // The date in the venue's type when it fits, in the smaller type when not, cut only past that.
  const when = ticketText(performanceTime(event, doc.currencyLocale));
  const dateFont: FontNumber = when.length <= charsIn(width, 3, dpi) ? 3 : 9;
  text('date', row + height(3) - height(dateFont), left, dateFont, cut(when, charsIn(width, dateFont, dpi)));
  row += height(3) + d(6);
  marks.push({
    kind: 'line',
    role: 'rule',
    row,
    column: left,
    direction: 'horizontal',
    length: width,
    thickness: d(2),
  });
  row += d(8);

  const seatFields: [string, string, number][] = ticket.isGa
    ? [['GENERAL ADMISSION', ticket.section ?? ticket.key, 1]]
    : [
        ['SECTION', ticket.section ?? '-', 0.5],
        ['ROW', ticket.row ?? '-', 0.2],
        ['SEAT', ticket.seat ?? ticket.key, 0.3],
      ];
  let column = left;
  for (const [label, value, share] of seatFields) {
    const room = Math.floor(width * share) - d(8);
    text('seat-label', row, column, 2, cut(label, charsIn(room, 2, dpi)));
    text('seat', row + height(2) + d(2), column, 6, cut(ticketWords(value), charsIn(room, 6, dpi)));
    column += Math.floor(width * share);
  }
  row += height(2) + d(2) + height(6) + d(8);

  const priceType = ticketWords(ticket.priceTypeName);
  const priceChars = charsIn(width, 3, dpi);
  if (price) {
    const shown = cut(price, priceChars);
    const priceColumn = left + (priceChars - shown.length) * fontCell(3, dpi).width;
    text('price-type', row, left, 3, cut(priceType, priceChars - shown.length - 1));
    text('price', row, priceColumn, 3, shown);
  } else text('price-type', row, left, 3, cut(priceType, priceChars));
  row += height(3) + d(6);
  text('order', row, left, 9, cut(`Order ${ticketText(doc.orderName)}`, charsIn(width, 9, dpi)));
  row += height(9) + d(6);
  const usherLines = Math.max(0, Math.floor((bottom - row) / height(9)));
  for (const line of wrap(
    ticketWords(input.usherMessage ?? ''),
    charsIn(width, 9, dpi),
    Math.min(2, usherLines),
  )) {
    text('usher', row, left, 9, line);
    row += height(9);
  }

  // The QR code, as large as fits its area, and the barcode's text under it.
  const modules = qrModules(barcode.length) ?? 57;
  const pointSize = Math.max(3, Math.min(16, Math.floor(d(QR_AREA) / modules)));
  marks.push({
    kind: 'qr',
    role: 'barcode',
    row: d(MARGIN) + d(8),
    column: qrLeft,
    pointSize,
    modules,
    data: barcode,
  });
  let qrRow = d(MARGIN) + d(8) + modules * pointSize + d(6);
  for (const line of wrap(barcode, charsIn(d(QR_AREA), 2, dpi), 2)) {
    text('barcode-text', qrRow, qrLeft, 2, line);
    qrRow += height(2) + d(2);
  }
  if (input.reprint) {
    const boxHeight = height(3) + d(12);
    const boxRow = bottom - boxHeight;
    marks.push({
      kind: 'box',
      role: 'reprint',
      row: boxRow,
      column: qrLeft,
      height: boxHeight,
      width: d(QR_AREA),
      thickness: d(2),
    });
    const label = 'REPRINT';
    const labelWidth = label.length * fontCell(3, dpi).width;
    text('reprint', boxRow + d(6), qrLeft + Math.floor((d(QR_AREA) - labelWidth) / 2), 3, label);
  }

  // The stub: a line at the perforation, the essentials in small type, the order turned along the edge.
  if (input.stub) {
    const stubColumn = stubLeft + d(8);
    const edge = d(MARGIN) + fontCell(2, dpi).height;
    const stubWidth = stock.columns - edge - d(6) - stubColumn;
    marks.push({
      kind: 'line',
      role: 'rule',
      row: d(MARGIN),
      column: stubLeft - d(12),
      direction: 'vertical',
      length: stock.rows - 2 * d(MARGIN),
      thickness: d(1),
    });
    const chars = charsIn(stubWidth, 9, dpi);
    const seat = ticket.isGa
      ? [`GA ${ticketWords(ticket.section ?? ticket.key)}`]
      : [
          `Sec ${ticketWords(ticket.section ?? '-')}`,
          `Row ${ticketWords(ticket.row ?? '-')} Seat ${ticketWords(ticket.seat ?? ticket.key)}`,
        ];
    const lines: [string, TicketText['role']][] = [
      ...wrap(name, chars, 2).map((l): [string, 'stub'] => [l, 'stub']),
      ...stubTime(doc, ticket).map((t): [string, 'stub'] => [cut(ticketText(t), chars), 'stub']),
      ...seat.map((s): [string, 'stub'] => [cut(s, chars), 'stub']),
      [cut(priceType, chars), 'stub'],
      ...(price ? [[cut(price, chars), 'price'] as [string, 'price']] : []),
    ];
    let stubRow = d(MARGIN);
    for (const [line, role] of lines) {
      if (stubRow + height(9) > bottom) break;
      text(role, stubRow, stubColumn, 9, line);
      stubRow += height(9) + d(4);
    }
    text(
      'stub',
      d(MARGIN),
      stock.columns - edge,
      2,
      cut(ticketText(doc.orderName), charsIn(stock.rows - 2 * d(MARGIN), 2, dpi)),
      {
        rotation: 'right',
      },
    );
  }
  // Laid out to fit, and checked: a mark past the edge is refused (TicketOffStockError), never clipped.
  return checkTicketFits({ stock, marks });
};
