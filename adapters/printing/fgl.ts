import {
  checkTicketFits,
  type Rotation,
  type TicketLayout,
  type TicketMark,
} from '../../core/printing/ticket-layout.ts';

// The FGL encoder: a ticket layout (core/printing/ticket-layout.ts) as the commands of Boca's
// Friendly Ghost Language, which Boca ticket printers read over TCP port 9100. FGL is plain
// ASCII: a command is a name in angle brackets, anything else is text printed at the current
// position. Commands are case-sensitive. The commands this encoder emits:
//
//   <RCr,c>      move to row r (dots down, across the print head), column c (dots along the ticket)
//   <NR> <RR> <RL>  no rotation / rotate right (90 degrees clockwise) / rotate left (anticlockwise);
//                stays in effect, so every ticket starts with <NR>
//   <Fn>         resident font n (2 .. 13: the cells are in core/printing/ticket-stock.ts)
//   <HWh,w>      height and width multipliers of the font; reset by <Fn>, so sent after each <Fn>
//   <LTn>        line thickness in dots for the boxes and lines that follow
//   <BXh,w>      box h dots high and w dots wide from the current position
//   <HXn> <VXn>  horizontal / vertical line n dots long from the current position
//   <QRp,t,m,e>{data}  QR code: p dots per module (3 .. 16), t tilde escapes (0: off), m encode
//                mode (0: bytes), e error correction (0: level M); the data between the braces
//   <Xn>         bar width multiplier of the next one-dimensional barcode
//   <OLn>^data^  Code 128 "ladder" barcode (bars across the ticket) n x 8 dots wide; <OPn> is
//                the "picket fence" one (bars along it). Carets bracket Code 128 data.
//   <p>          print the ticket and cut it; <q> print it and leave it uncut (a strip of tickets)
//   <S1>         status request: a ready printer answers X-ON (adapters/printing/fgl-status.ts)
//
// Text cannot contain '<' (it would start a command): the layout's text is printable ASCII
// without it (core/printing/printer-text.ts `ticketText`), which this encoder checks again.
//
// Positions are dots of the layout's stock, so the bytes are for a printer of the layout's dpi
// (core/printing/ticket-stock.ts) and for no other: a 300 dpi ticket on a 200 dpi printer runs
// off its edge. A layout with a mark past the edge of its own stock is refused
// (TicketOffStockError), as the printer would clip that mark and still acknowledge the ticket.

const ROTATION: Readonly<Record<Rotation, string>> = { none: '<NR>', right: '<RR>', left: '<RL>' };

const checkText = (text: string): string => {
  if (!/^[\x20-\x7e]*$/.test(text) || /[<>]/.test(text))
    throw new RangeError(`FGL text must be printable ASCII without angle brackets: ${JSON.stringify(text)}`);
  return text;
};

const checkQr = (data: string): string => {
  if (!/^[\x20-\x7e]+$/.test(data) || /[<>{}]/.test(data))
    throw new RangeError(
      `QR data must be printable ASCII without brackets or braces: ${JSON.stringify(data)}`,
    );
  return data;
};

/** One mark as FGL; `state` carries the rotation so it is sent only when it changes. */
const markCommands = (mark: TicketMark, state: { rotation: Rotation }): string => {
  const at = `<RC${mark.row},${mark.column}>`;
  switch (mark.kind) {
    case 'text': {
      const turn = mark.rotation === state.rotation ? '' : ROTATION[mark.rotation];
      state.rotation = mark.rotation;
      return `${turn}${at}<F${mark.font}><HW${mark.tall},${mark.wide}>${checkText(mark.text)}`;
    }
    case 'box':
      return `${at}<LT${mark.thickness}><BX${mark.height},${mark.width}>`;
    case 'line':
      return `${at}<LT${mark.thickness}>${mark.direction === 'horizontal' ? '<HX' : '<VX'}${mark.length}>`;
    case 'qr':
      return `${at}<QR${mark.pointSize},0,0,0>{${checkQr(mark.data)}}`;
  }
};

export interface FglTicketOptions {
  /** Cut after this ticket (<p>, the default) or leave it joined to the next (<q>). */
  readonly cut?: boolean;
}

/**
 * One ticket as FGL text, for a printer of `layout.stock.dpi`: rotation reset, its marks in order,
 * then the print command. TicketOffStockError when a mark lies past the edge of the stock.
 */
export const fglTicket = (layout: TicketLayout, options: FglTicketOptions = {}): string => {
  checkTicketFits(layout);
  const state = { rotation: 'none' as Rotation };
  let out = ROTATION.none;
  for (const mark of layout.marks) out += markCommands(mark, state);
  return out + (options.cut === false ? '<q>' : '<p>');
};

/** Tickets for one print job: each cut (<p>), or `strip` to cut only after the last (<q> ... <p>). */
export const fglJob = (layouts: readonly TicketLayout[], options: { strip?: boolean } = {}): Buffer =>
  Buffer.from(
    layouts
      .map((layout, i) => fglTicket(layout, { cut: !options.strip || i === layouts.length - 1 }))
      .join(''),
    'latin1',
  );

/** A Code 128 ladder barcode at the current position (not on Foyer's ticket, which carries a QR code). */
export const fglCode128 = (row: number, column: number, data: string, units = 8, barWidth = 2): string => {
  if (!/^[\x20-\x7e]+$/.test(data) || /[<>^]/.test(data))
    throw new RangeError(
      `Code 128 data must be printable ASCII without brackets or carets: ${JSON.stringify(data)}`,
    );
  return `<RC${row},${column}><X${barWidth}><OL${units}>^${data}^`;
};

/** The status request: a ready printer answers X-ON (0x11); a busy or faulted one stays silent. */
export const FGL_STATUS_REQUEST = '<S1>';

/**
 * The ticket count request: a ready printer answers its seven-digit count of tickets printed and
 * its firmware, e.g. `0004616 PROM = FGL46G42`, after whatever it received before.
 */
export const FGL_COUNT_REQUEST = '<S2>';
