import type { ReportLine, RunCounts } from './ports.ts';

// The plain rules of an event cancellation run: the fee an order keeps, the fee typed in major
// units, the progress figures (rate, time left) and the report's CSV records.

/** An order never keeps more than the tickets it loses cost. */
export const feeForOrder = (fee: number, activeValue: number): number =>
  Math.max(0, Math.min(fee, activeValue));

/** 250 with 2 decimals -> '2.50'. */
export const majorUnitsOf = (minor: number, digits: number): string => {
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
};

export interface Progress {
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  /** Orders still to work. */
  readonly pending: number;
  /** Orders worked per second since `since` (0 before the first). */
  readonly rate: number;
  /** Seconds until every pending order is worked at that rate; null while there is no rate. */
  readonly secondsLeft: number | null;
}

/**
 * Progress of a run: `workedAtStart` orders were already worked (done or failed) at `since`, so
 * a resumed run's rate counts only what this session did.
 */
export const progressOf = (
  counts: RunCounts,
  workedAtStart: number,
  since: number,
  now: number,
): Progress => {
  const worked = counts.done + counts.failed - workedAtStart;
  const seconds = Math.max(0, now - since) / 1000;
  const rate = worked > 0 && seconds > 0 ? worked / seconds : 0;
  return {
    total: counts.total,
    done: counts.done,
    failed: counts.failed,
    pending: counts.pending,
    rate,
    secondsLeft: counts.pending === 0 ? 0 : rate > 0 ? Math.ceil(counts.pending / rate) : null,
  };
};

/** '1:05:09', '4:02', '0:07'; '--' when not known. */
export const durationText = (seconds: number | null): string => {
  if (seconds === null) return '--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

export const REPORT_HEADER = ['Order', 'Email', 'TicketsCancelled', 'Refunded', 'Status', 'Error'] as const;

/** One report line as CSV cells, amounts in major units. */
export const reportCells = (line: ReportLine, digits: number): string[] => [
  line.orderName,
  line.email ?? '',
  String(line.ticketsCancelled),
  majorUnitsOf(line.refunded, digits),
  line.status,
  line.error ?? '',
];

/** One RFC 4180 record: a field with a comma, quote or line break is quoted, its quotes doubled. */
export const csvRecord = (cells: readonly string[]): string =>
  cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');

/** The report as a CSV document (CRLF line ends). */
export const reportCsv = (lines: readonly ReportLine[], digits: number): string =>
  [REPORT_HEADER, ...lines.map((line) => reportCells(line, digits))].map(csvRecord).join('\r\n') + '\r\n';
