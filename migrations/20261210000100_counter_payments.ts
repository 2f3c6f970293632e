import type { Knex } from 'knex';

// The box office's money: payments taken at a counter (cash, check, comp, the box office's own
// custom types, a card on a terminal), several on one order (split tender, an invoice paid
// later), each recording who took it, at which counter and how; comp types; the payment
// methods' box-office settings and commissions.
//
// payments keeps one row per payment. `kind` says how the row came:
// - 'checkout': the attempt that turned a basket into its order (consumer or counter checkout);
//   one per order, as before (payments_checkout_order_once).
// - 'balance': a later payment against an order's balance due (split tender after the first
//   payment, an invoice paid). Linked to its order from the start.
// The order's balance due is its total less its succeeded payments (order_balances).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.text('kind').notNullable().defaultTo('checkout');
    // Who took the payment and where: the staff member (kept by name if the row goes) and the
    // counter (a POS device, or the browser's counter name from the POS settings); null on the web.
    t.integer('seller_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('seller_name').nullable();
    t.text('counter').nullable();
    t.integer('payment_method_id').nullable().references('payment_methods.id');
    t.text('check_issuer').nullable();
    t.text('check_number').nullable();
    t.integer('comp_type_id').nullable();
    // Cash: what the customer handed over and the change given back (amount = tendered - change).
    t.integer('amount_tendered').nullable();
    t.integer('change_due').nullable();
    t.integer('partner_id').nullable();
  });
  await knex.raw(`drop index if exists payments_order_once`);
  await knex.raw(
    `create unique index payments_checkout_order_once on payments (order_id) where order_id is not null and kind = 'checkout'`,
  );
  await knex.raw(`create index payments_order on payments (order_id) where order_id is not null`);
  // The till reads a day's counter payments by seller and counter.
  await knex.raw(`create index payments_counter_day on payments (created_at) where seller_id is not null`);
  await knex.raw(
    `alter table payments
       add constraint payments_kind check (kind in ('checkout','balance')),
       add constraint payments_balance_has_order check (kind = 'checkout' or order_id is not null),
       add constraint payments_cash_change check (
         (amount_tendered is null and change_due is null)
         or (amount_tendered >= 0 and change_due >= 0 and amount = amount_tendered - change_due))`,
  );

  await knex.schema.alterTable('orders', (t) => {
    // Placed with a balance due, payable later (PUT /api/admin/baskets/invoice).
    t.boolean('is_invoice').notNullable().defaultTo(false);
    t.boolean('obscure_ticket_price_on_print').notNullable().defaultTo(false);
    // Delivery PointOfSale: the tickets are printed at the counter; true until they are.
    t.boolean('awaiting_print').notNullable().defaultTo(false);
  });

  // What an order still owes: its total less its succeeded payments not refunded by the gateway.
  await knex.raw(`
    create view order_balances as
    select o.id as order_id, o.total,
           coalesce(sum(p.amount) filter (where p.status = 'succeeded' and p.refund_status is null), 0)::int as paid,
           (o.total - coalesce(sum(p.amount) filter (where p.status = 'succeeded' and p.refund_status is null), 0))::int as balance_due
      from orders o left join payments p on p.order_id = o.id
     group by o.id`);

  // Comp types: why tickets were given away, and how many one order may have (MaxCompQuantity).
  await knex.schema.createTable('comp_types', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('description').nullable();
    t.integer('max_comp_quantity').nullable(); // null: no limit
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table comp_types add constraint comp_types_max check (max_comp_quantity is null or max_comp_quantity > 0)`,
  );
  await knex.raw(`create unique index comp_types_name on comp_types (lower(name)) where is_active`);
  await knex.raw(
    `alter table payments add constraint payments_comp_type foreign key (comp_type_id) references comp_types (id)`,
  );
  await knex('comp_types').insert([
    { name: 'House', description: 'Management and house guests', max_comp_quantity: null },
    { name: 'Press', description: 'Reviewers and media', max_comp_quantity: 2 },
    { name: 'Artist', description: 'Guests of the company', max_comp_quantity: 4 },
  ]);

  // Box-office settings of payment methods: custom types ('Custom' payment type, named by the box
  // office) may require a partner; some are offered for house-seat orders.
  await knex.schema.alterTable('payment_methods', (t) => {
    t.boolean('requires_partner').notNullable().defaultTo(false);
    t.boolean('house_seats').notNullable().defaultTo(false);
  });
  await knex('payment_methods').insert([
    { payment_type: 'Custom', name: 'Voucher', requires_partner: true, display_order: 9 },
    { payment_type: 'Custom', name: 'Bank transfer', display_order: 10 },
  ]);
  await knex('payment_methods')
    .whereIn('payment_type', ['CreditCard', 'Cash', 'Check', 'Comp'])
    .update({ house_seats: true });

  // What a payment method costs the box office: a percentage (basis points) and a fixed amount per
  // payment, from a date.
  await knex.schema.createTable('payment_method_commissions', (t) => {
    t.increments('id');
    t.integer('payment_method_id').notNullable().references('payment_methods.id').onDelete('CASCADE');
    t.integer('percent_bp').notNullable().defaultTo(0);
    t.integer('fixed_amount').notNullable().defaultTo(0);
    t.date('effective_from').notNullable();
  });
  await knex.raw(
    `alter table payment_method_commissions add constraint payment_method_commissions_values
       check (percent_bp between 0 and 10000 and fixed_amount >= 0)`,
  );
  const card = await knex('payment_methods').where({ payment_type: 'CreditCard' }).first('id');
  if (card)
    await knex('payment_method_commissions').insert({
      payment_method_id: card.id,
      percent_bp: 290,
      fixed_amount: 30,
      effective_from: '2026-01-01',
    });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('payment_method_commissions');
  await knex('payment_methods').where({ payment_type: 'Custom' }).del();
  await knex.schema.alterTable('payment_methods', (t) => {
    t.dropColumn('requires_partner');
    t.dropColumn('house_seats');
  });
  await knex.raw(`alter table payments drop constraint if exists payments_comp_type`);
  await knex.schema.dropTableIfExists('comp_types');
  await knex.raw(`drop view if exists order_balances`);
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('is_invoice');
    t.dropColumn('obscure_ticket_price_on_print');
    t.dropColumn('awaiting_print');
  });
  await knex.raw(`drop index if exists payments_counter_day`);
  await knex.raw(`drop index if exists payments_order`);
  await knex.raw(`drop index if exists payments_checkout_order_once`);
  await knex.raw(`create unique index payments_order_once on payments (order_id) where order_id is not null`);
  await knex.raw(`alter table payments drop constraint if exists payments_kind,
    drop constraint if exists payments_balance_has_order, drop constraint if exists payments_cash_change`);
  await knex.schema.alterTable('payments', (t) => {
    for (const c of [
      'kind',
      'seller_id',
      'seller_name',
      'counter',
      'payment_method_id',
      'check_issuer',
      'check_number',
      'comp_type_id',
      'amount_tendered',
      'change_due',
      'partner_id',
    ])
      t.dropColumn(c);
  });
}
