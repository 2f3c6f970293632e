import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { PaymentMethodSettings, type PaymentMethodCommission } from '../../../core/boxoffice/ports.ts';
import type { StaffPaymentMethod } from '../../../core/payments/staff-payment-types.ts';

// The payment methods' box-office settings (read side): every method with its counter flags,
// the commissions, and a venue's zone and currency (the till's day and the checkout settings).

interface MethodRow {
  id: number;
  payment_type: string;
  name: string;
  consumer_visible: boolean;
  display_order: number;
  is_active: boolean;
  requires_partner: boolean;
  house_seats: boolean;
}

export const readPaymentMethods = async (db: Knex): Promise<StaffPaymentMethod[]> =>
  ((await db('payment_methods').orderBy(['display_order', 'id'])) as MethodRow[]).map((r) => ({
    id: r.id,
    paymentType: r.payment_type,
    name: r.name,
    consumerVisible: r.consumer_visible,
    displayOrder: r.display_order,
    isActive: r.is_active,
    requiresPartner: r.requires_partner,
    houseSeats: r.house_seats,
  }));

export const readCommissions = async (db: Knex): Promise<PaymentMethodCommission[]> => {
  const rows: {
    id: number;
    payment_method_id: number;
    name: string;
    percent_bp: number;
    fixed_amount: number;
    effective_from: string;
  }[] = await db('payment_method_commissions as c')
    .join('payment_methods as m', 'm.id', 'c.payment_method_id')
    .orderBy([{ column: 'm.display_order' }, { column: 'c.effective_from' }, { column: 'c.id' }])
    .select(
      'c.id',
      'c.payment_method_id',
      'm.name',
      'c.percent_bp',
      'c.fixed_amount',
      db.raw(`to_char(c.effective_from, 'YYYY-MM-DD') as effective_from`),
    );
  return rows.map((r) => ({
    id: r.id,
    paymentMethodId: r.payment_method_id,
    paymentMethodName: r.name,
    percentBasisPoints: r.percent_bp,
    fixedAmount: r.fixed_amount,
    effectiveFrom: r.effective_from,
  }));
};

/** A venue's zone and currency; `venueId` null: the first venue (the house). */
export const readVenueTill = async (db: Knex, venueId: number | null) => {
  const query = db('venues').select('id', 'time_zone', 'iso_currency_code', 'currency_locale');
  const row:
    { id: number; time_zone: string; iso_currency_code: string; currency_locale: string } | undefined =
    await (venueId === null ? query.orderBy('id') : query.where({ id: venueId })).first();
  return row
    ? {
        venueId: row.id,
        timeZone: row.time_zone,
        currency: row.iso_currency_code,
        currencyLocale: row.currency_locale,
      }
    : null;
};

export const PaymentMethodSettingsPostgres = (db: Knex) =>
  Layer.succeed(PaymentMethodSettings, {
    methods: () => Effect.promise(() => readPaymentMethods(db)),
    commissions: () => Effect.promise(() => readCommissions(db)),
    venue: (venueId) => Effect.promise(() => readVenueTill(db, venueId)),
  });
