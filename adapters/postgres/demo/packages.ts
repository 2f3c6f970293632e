import type { Knex } from 'knex';
import { priceFor, type PriceTypeCode } from './sales-setup.ts';
import type { SeriesPlan } from './series.ts';

// The two-show pass: both parts of The Winter Crossing together for 15% less than separately.
const PASS_DISCOUNT = 0.85;
const PASS_TYPES: readonly PriceTypeCode[] = ['Adult', 'Child', 'Concession'];

export const insertPackages = async (
  trx: Knex.Transaction,
  context: {
    readonly series: SeriesPlan;
    readonly templateId: number;
    readonly eventIds: ReadonlyMap<string, number>;
    readonly priceTypeIds: Readonly<Record<PriceTypeCode, number>>;
  },
): Promise<number> => {
  const { series, templateId, eventIds, priceTypeIds } = context;
  const [row] = await trx('packages')
    .insert({
      event_template_id: templateId,
      code: 'TWOSHOW',
      name: 'Two-show pass',
      description: 'The same seat for Part One and Part Two, 15% less than buying each part.',
      require_package_purchase: false,
    })
    .returning('id');
  const packageId: number = row.id;
  const parts = series.events.filter((e) => e.linkedRef !== null);
  await trx('package_events').insert(
    parts.map((event) => {
      const id = eventIds.get(event.ref);
      if (id === undefined) throw new Error(`no event ${event.ref}`);
      return { package_id: packageId, event_id: id };
    }),
  );
  await trx('package_prices').insert(
    Object.entries(series.adultPrices).flatMap(([zone, adult]) =>
      PASS_TYPES.map((type) => ({
        package_id: packageId,
        zone,
        price_type_id: priceTypeIds[type],
        amount: Math.round((priceFor(adult, type) * parts.length * PASS_DISCOUNT) / 50) * 50,
        fee_amount: series.fees.facility * parts.length,
      })),
    ),
  );
  return 1;
};
