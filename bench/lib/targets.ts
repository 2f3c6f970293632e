// Every target the benchmarks print beside a figure, in one place so bench/README.md can be
// checked against them (bench/readme.test.ts). Targets are printed, never asserted: a run on a
// busy machine still finishes and says which were met. Rates are judged as ratios to pgbench
// tpcb-like on the same PostgreSQL server in the same run (lib/pgbench.ts), since these machines'
// speed moves by half within an hour.

export interface Target {
  readonly op: '>=' | '<=' | '=';
  readonly value: number;
}

const atLeast = (value: number): Target => ({ op: '>=', value });
const atMost = (value: number): Target => ({ op: '<=', value });
const exactly = (value: number): Target => ({ op: '=', value });

export const targets = {
  holds: {
    seated_seats_held: exactly(20_000),
    ga_places_held: exactly(2_000),
    seated_p99_ms_half_load: atMost(50),
    oversold: exactly(0),
    errors: exactly(0),
    ratio_seated: atLeast(0.5),
    ratio_ga: atLeast(0.25),
  },
  checkout: {
    lost_payments: exactly(0),
    double_orders: exactly(0),
    ratio_checkout: atLeast(0.2),
  },
  bestavailable: {
    p99_ms_70: atMost(10),
    oversold: exactly(0),
    ratio_reserves: atLeast(0.4),
  },
  boxoffice: {
    onsale_slowdown: atMost(3),
    oversold: exactly(0),
  },
  refunds: {
    duplicates: exactly(0),
    missing: exactly(0),
    not_done: exactly(0),
  },
  printing: {
    duplicates: exactly(0),
    missing: exactly(0),
    strangers: exactly(0),
  },
  checkin: {
    double_admits: exactly(0),
    wrong_answers: exactly(0),
    errors: exactly(0),
  },
  // Seconds, not minutes: a 20,000-seat plan imported while the box office runs.
  'venue-import': {
    import_s: atMost(10),
  },
} as const satisfies Record<string, Record<string, Target>>;

/** As printed and documented, e.g. `>= 0.5`. */
export const targetText = (target: Target): string => `${target.op} ${target.value}`;

export const meets = (target: Target, value: number): boolean =>
  target.op === '>='
    ? value >= target.value
    : target.op === '<='
      ? value <= target.value
      : value === target.value;

/** The target and met fields of a table row (lib/results.ts's Figure). */
export const judged = (target: Target, value: number) => ({
  target: targetText(target),
  met: meets(target, value),
});
