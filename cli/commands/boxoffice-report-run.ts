import { Effect, Exit, Cause, Layer } from 'effect';
import { stringify } from 'csv-stringify/sync';
import { tillForDay } from '../../core/boxoffice/till-report.ts';
import { parseTillDate, type TillFigures } from '../../core/boxoffice/till.ts';
import { isoDay, localDateTime } from '../../core/catalogue/local-time.ts';
import { formatMoney } from '../../core/i18n/format-money.ts';
import { zoneWords } from '../../core/i18n/time-zone-name.ts';
import { instantWords } from '../../core/i18n/time-zone-words.ts';
import { staffUserByEmail } from '../../adapters/postgres/accounts/staff-users.ts';
import { TillMovementsPostgres } from '../../adapters/postgres/boxoffice/till.ts';
import { PaymentMethodSettingsPostgres } from '../../adapters/postgres/payments/payment-methods-admin.ts';
import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { formatTable } from '../ui/table.ts';

// What `foyer boxoffice report` does, loaded only when it runs. The figures are the API's
// (core/boxoffice/till-report.ts over adapters/postgres/boxoffice/till.ts). The table writes
// amounts as the venue's currency locale does ('$42.50') and times on its clock with the zone in
// words; the CSV (csv-stringify, RFC 4180 quoting) keeps plain major units with the currency's
// decimals (integer arithmetic, never floats) and the wall clock, for a spreadsheet.

/** Checked by boxoffice-report.ts. */
export interface ReportOptions {
  /** YYYY-MM-DD; null: today in the venue's time zone. */
  readonly date: string | null;
  readonly seller?: string;
  readonly counter?: string;
  readonly venue?: number;
  readonly csv: boolean;
  readonly orders: boolean;
}

/** 4250 -> '42.50' for a currency with two decimals. */
export const decimal = (minor: number, digits: number): string => {
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
};

const digitsOf = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

const FIGURE_HEADERS = [
  'Cash',
  'Check',
  'Card',
  'Comp',
  'Custom',
  'Refunds paid out',
  'Cash expected',
  'Payments',
];

const figureCells = (f: TillFigures, money: (n: number) => string) => [
  money(f.cash),
  money(f.check),
  money(f.card),
  money(f.comp),
  money(f.custom),
  money(f.refundsPaidOut),
  money(f.cashExpected),
  String(f.paymentCount),
];

export const boxofficeReport = async (options: ReportOptions) => {
  await withDatabase(cliContext(), async ({ db }) => {
    let sellerId: number | undefined;
    if (options.seller !== undefined) {
      const seller = await staffUserByEmail(db, options.seller);
      if (!seller)
        throw new CliError(`--seller: no staff user has the e-mail ${options.seller}.`, exitCodes.usage);
      sellerId = seller.id;
    }
    const program = tillForDay({
      date: options.date === null ? 'today' : parseTillDate(options.date)!,
      venueId: options.venue ?? null,
      ...(sellerId === undefined ? {} : { sellerId }),
      ...(options.counter === undefined ? {} : { counter: options.counter }),
    }).pipe(Effect.provide(Layer.mergeAll(PaymentMethodSettingsPostgres(db), TillMovementsPostgres(db))));
    const exit = await Effect.runPromiseExit(program);
    if (Exit.isFailure(exit)) {
      const failure = Cause.findErrorOption(exit.cause);
      if (failure._tag === 'Some')
        throw new CliError(
          `--venue: no venue has the id ${options.venue ?? '(none: the database has no venues)'}.`,
          exitCodes.usage,
        );
      throw Cause.squash(exit.cause);
    }
    const { venue, report, otherCurrencyPayments } = exit.value;
    const day = isoDay(exit.value.date);
    const digits = digitsOf(venue.currency);
    const plain = (n: number) => decimal(n, digits);
    const money = (n: number) => formatMoney(n, venue.currencyLocale);
    const local = (at: Date) => localDateTime(at, venue.timeZone).replace('T', ' ');

    if (options.csv) {
      const records: string[][] = options.orders
        ? [
            [
              'Date',
              'Seller',
              'Counter',
              'Order',
              'Payment',
              'PaymentType',
              'PaymentMethod',
              'Amount',
              'Currency',
              'At',
            ],
            ...report.rows.flatMap((row) =>
              row.lines.map((l) => [
                day,
                row.sellerName,
                row.counter,
                l.orderName,
                String(l.paymentId),
                l.paymentType,
                l.paymentMethodName ?? '',
                plain(l.amount),
                venue.currency,
                local(l.at),
              ]),
            ),
          ]
        : [
            ['Date', 'Seller', 'Counter', ...FIGURE_HEADERS.map((h) => h.replace(/ /g, '')), 'Currency'],
            ...report.rows.map((row) => [
              day,
              row.sellerName,
              row.counter,
              ...figureCells(row, plain),
              venue.currency,
            ]),
            [day, 'Total', '', ...figureCells(report.totals, plain), venue.currency],
          ];
      process.stdout.write(stringify(records, { record_delimiter: '\r\n' }));
      return;
    }

    const out: string[] = [
      `Till for ${day} (${zoneWords(venue.timeZone)}), amounts in ${venue.currency}`,
      '',
    ];
    if (report.rows.length === 0) out.push('No counter payments on that day.');
    else {
      out.push(
        formatTable(
          ['Seller', 'Counter', ...FIGURE_HEADERS],
          [
            ...report.rows.map((row) => [row.sellerName, row.counter, ...figureCells(row, money)]),
            ['Total', '', ...figureCells(report.totals, money)],
          ],
        ),
      );
      out.push('', 'Orders behind the figures:');
      out.push(
        formatTable(
          ['Seller', 'Counter', 'Order', 'Type', 'Method', 'Amount', 'At'],
          report.rows.flatMap((row) =>
            row.lines.map((l) => [
              row.sellerName,
              row.counter,
              l.orderName,
              l.paymentType,
              l.paymentMethodName ?? '',
              money(l.amount),
              instantWords(l.at, venue.timeZone),
            ]),
          ),
        ),
      );
    }
    if (otherCurrencyPayments > 0)
      out.push(
        '',
        `${otherCurrencyPayments} counter payment(s) that day are in another currency: run the report with --venue for their venue.`,
      );
    process.stdout.write(out.join('\n') + '\n');
  });
};
