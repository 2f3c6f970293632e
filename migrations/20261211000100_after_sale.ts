import type { Knex } from 'knex';

// After the sale: refunds, changes to an order's total (tickets cancelled, a cancellation fee
// kept), staff notes on orders, and event cancellation runs.
//
// The ledger an order's balance is read from (order_balances, replaced below):
//   total now   = orders.total (as sold, never changed) + the sum of order_adjustments
//   paid        = succeeded payments the gateway did not take back (as before)
//   refunded    = refunds pending or succeeded (a pending refund is money already promised back)
//   balance due = total now - paid + refunded
// so payments - refunds = total - balance due, whatever happened to the order.
//
// A refund is always taken from one payment (payment_id): the money goes back the way it came,
// or another way (refund_type Cash: paid out of the till) when alternativePaymentRequest says so.
// Its idempotency key is saved with the row BEFORE the gateway is called, so a crash between the
// two never refunds twice; the trigger below refuses any refund that would take more from a
// payment than it brought in.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('refunds', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id');
    t.integer('payment_id').notNullable().references('payments.id');
    t.integer('amount').notNullable();
    t.string('currency', 3).notNullable();
    // How the money goes back: the payment's own type (CreditCard, PayPal, Check, Comp, Custom,
    // Cash, ...) or Cash when paid out of the till instead.
    t.text('refund_type').notNullable();
    // The processor that gives the money back (Offline, Stripe, PayPal, WorldPay); null when the
    // refund is by record (cash, check, comp, custom).
    t.text('gateway').nullable();
    t.text('idempotency_key').notNullable().unique();
    t.text('status').notNullable().defaultTo('pending'); // pending, succeeded, failed
    t.text('refund_ref').nullable(); // the processor's refund id
    t.text('failure_message').nullable();
    t.text('reason').nullable();
    // Who gave the money back and at which counter (the till counts cash paid out).
    t.integer('staff_user_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('staff_name').nullable();
    t.text('counter').nullable();
    // Set when an event cancellation run made the refund.
    t.integer('cancellation_run_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id']);
    t.index(['payment_id']);
  });
  await knex.raw(
    `alter table refunds
       add constraint refunds_amount check (amount > 0),
       add constraint refunds_status check (status in ('pending','succeeded','failed')),
       add constraint refunds_gateway check (gateway is null or gateway in ('Offline','Stripe','PayPal','WorldPay'))`,
  );
  // The reconciliation job's work list, and the till's day of refunds paid out at a counter.
  await knex.raw(`create index refunds_pending on refunds (updated_at) where status = 'pending'`);
  await knex.raw(`create index refunds_counter_day on refunds (created_at) where staff_user_id is not null`);

  // A payment never gives back more than it brought in: checked under the payment row's lock, so
  // two refunds of one payment at once are judged one after the other.
  await knex.raw(`
    create function foyer_refund_within_payment() returns trigger language plpgsql as $$
    declare
      brought integer;
      taken integer;
    begin
      if new.status = 'failed' then return new; end if;
      select amount into brought from payments where id = new.payment_id and status = 'succeeded' for update;
      if brought is null then
        raise exception 'payment % is not a succeeded payment', new.payment_id using errcode = 'check_violation';
      end if;
      select coalesce(sum(amount), 0) into taken from refunds
       where payment_id = new.payment_id and status <> 'failed' and id <> new.id;
      if taken + new.amount > brought then
        raise exception 'refunds of payment % would exceed its amount', new.payment_id
          using errcode = 'check_violation', constraint = 'refunds_within_payment';
      end if;
      return new;
    end $$`);
  await knex.raw(`
    create trigger refunds_within_payment before insert or update of amount, status on refunds
      for each row execute function foyer_refund_within_payment()`);

  // Changes to what an order costs, signed minor units: tickets cancelled (negative), a
  // cancellation fee kept (positive), an exchange's difference. Never updated or deleted.
  await knex.schema.createTable('order_adjustments', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id');
    t.text('kind').notNullable(); // cancellation, cancellation_fee, exchange
    t.integer('amount').notNullable();
    t.specificType('ticket_ids', 'integer[]').notNullable().defaultTo('{}');
    t.text('reason').nullable();
    t.integer('staff_user_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('staff_name').nullable();
    t.integer('cancellation_run_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id']);
  });
  await knex.raw(
    `alter table order_adjustments add constraint order_adjustments_kind
       check (kind in ('cancellation','cancellation_fee','exchange'))`,
  );

  // A ticket is Active, Cancelled (its seat back on sale) or Exchanged (for another); Refunded is
  // what earlier orders wrote for a payment given back whole.
  await knex.schema.alterTable('order_tickets', (t) => {
    t.timestamp('cancelled_at', { useTz: true }).nullable();
  });
  await knex.raw(
    `alter table order_tickets add constraint order_tickets_status
       check (status in ('Active','Cancelled','Exchanged','Refunded'))`,
  );

  await knex.schema.createTable('order_notes', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('staff_user_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('author').notNullable(); // the staff member's name at the time
    t.text('text').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id']);
  });
  await knex.raw(
    `alter table order_notes add constraint order_notes_text check (length(text) between 1 and 2000)`,
  );

  await knex.raw(`
    create or replace view order_balances as
    with adjusted as (
      select order_id, sum(amount)::int as amount from order_adjustments group by order_id
    ), given_back as (
      select order_id, sum(amount)::int as amount from refunds where status <> 'failed' group by order_id
    ), paid as (
      select order_id, sum(amount)::int as amount from payments
       where order_id is not null and status = 'succeeded' and refund_status is null group by order_id
    )
    select o.id as order_id,
           (o.total + coalesce(a.amount, 0))::int as total,
           coalesce(p.amount, 0)::int as paid,
           (o.total + coalesce(a.amount, 0) - coalesce(p.amount, 0) + coalesce(g.amount, 0))::int as balance_due,
           coalesce(g.amount, 0)::int as refunded,
           o.total as original_total
      from orders o
      left join adjusted a on a.order_id = o.id
      left join given_back g on g.order_id = o.id
      left join paid p on p.order_id = o.id`);

  // An event cancelled with its orders: the work list is made once, up front, so a run killed at
  // any point and started again finishes every order exactly once.
  await knex.schema.createTable('event_cancellations', (t) => {
    t.increments('id');
    t.integer('event_id').notNullable().references('events.id');
    t.boolean('refund').notNullable();
    t.integer('fee').notNullable().defaultTo(0); // kept per order, minor units
    t.text('status').notNullable().defaultTo('running'); // running, finished
    t.integer('staff_user_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('started_by').notNullable(); // a staff member's name, or the operator's CLI user
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
  });
  await knex.raw(
    `alter table event_cancellations
       add constraint event_cancellations_status check (status in ('running','finished')),
       add constraint event_cancellations_fee check (fee >= 0)`,
  );
  await knex.raw(
    `create unique index event_cancellations_running on event_cancellations (event_id) where status = 'running'`,
  );
  await knex.schema.createTable('event_cancellation_orders', (t) => {
    t.integer('run_id').notNullable().references('event_cancellations.id').onDelete('CASCADE');
    t.integer('order_id').notNullable().references('orders.id');
    t.text('status').notNullable().defaultTo('pending'); // pending, done, failed
    t.integer('refunded').notNullable().defaultTo(0);
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('error').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['run_id', 'order_id']);
  });
  await knex.raw(
    `alter table event_cancellation_orders add constraint event_cancellation_orders_status
       check (status in ('pending','done','failed'))`,
  );
  await knex.raw(
    `create index event_cancellation_orders_todo on event_cancellation_orders (run_id, order_id) where status = 'pending'`,
  );
  await knex.raw(
    `alter table refunds add constraint refunds_run foreign key (cancellation_run_id) references event_cancellations (id)`,
  );
  await knex.raw(
    `alter table order_adjustments add constraint order_adjustments_run foreign key (cancellation_run_id) references event_cancellations (id)`,
  );
  // A run cancels an order once and keeps its fee once, however often it is started again.
  await knex.raw(
    `create unique index order_adjustments_once_per_run on order_adjustments (order_id, cancellation_run_id, kind)
       where cancellation_run_id is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop view order_balances`);
  await knex.raw(`
    create view order_balances as
    select o.id as order_id, o.total,
           coalesce(sum(p.amount) filter (where p.status = 'succeeded' and p.refund_status is null), 0)::int as paid,
           (o.total - coalesce(sum(p.amount) filter (where p.status = 'succeeded' and p.refund_status is null), 0))::int as balance_due
      from orders o left join payments p on p.order_id = o.id
     group by o.id`);
  await knex.schema.dropTableIfExists('order_notes');
  await knex.raw(`alter table order_tickets drop constraint if exists order_tickets_status`);
  await knex.schema.alterTable('order_tickets', (t) => t.dropColumn('cancelled_at'));
  await knex.schema.dropTableIfExists('refunds');
  await knex.raw(`drop function if exists foyer_refund_within_payment()`);
  await knex.schema.dropTableIfExists('order_adjustments');
  await knex.schema.dropTableIfExists('event_cancellation_orders');
  await knex.schema.dropTableIfExists('event_cancellations');
}
