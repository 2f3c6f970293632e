import type { CjkLanguage } from '../i18n/scripts.ts';

// A receipt as lines for an 80 mm receipt printer: 48 columns of its standard font (12 dots a
// character on a 576-dot line), or 24 columns of double-width text; a wide character (CJK,
// hangul, kana) takes two (core/printing/printer-text.ts `columnsOf`). Every line's text is final:
// padded, cut and aligned, so the encoder prints it as it is and a test can count its columns.

export const RECEIPT_COLUMNS = 48;

export type ReceiptSize = 'normal' | 'double';

export interface ReceiptLine {
  readonly text: string;
  readonly size: ReceiptSize;
  readonly bold: boolean;
}

/** What the amounts on a receipt add up to, in minor units (the lines show them formatted). */
export interface ReceiptTotals {
  /** Each item's amount, in the order printed. */
  readonly items: readonly number[];
  /** Fees or adjustments of the order beyond its items (0 when none). */
  readonly adjustments: number;
  readonly total: number;
  /** Money given (sale) or given back (refund), all payments together. */
  readonly paid: number;
  /** Cash handed back to the buyer on a sale. */
  readonly change: number;
  /** What is still owed after the payments (0 when paid in full). */
  readonly due: number;
}

export interface ReceiptLayout {
  readonly kind: 'sale' | 'refund' | 'signature';
  readonly lines: readonly ReceiptLine[];
  readonly totals: ReceiptTotals;
  /** A cash payment or cash refund: kick the cash drawer open. */
  readonly openDrawer: boolean;
  /** The receipt's QR code (the order number), printed after the lines; none on a signature page. */
  readonly qr: string | null;
  /** Whose forms Han characters take when a line is drawn (core/i18n/scripts.ts); absent: Chinese. */
  readonly hanAs?: CjkLanguage;
}

/** The widest a line may be, in columns. */
export const columnsFor = (size: ReceiptSize): number =>
  size === 'double' ? RECEIPT_COLUMNS / 2 : RECEIPT_COLUMNS;
