import type { Knex } from 'knex';

// Gift certificates sold, spent and refunded onto (core/extras/README.md).
//
// Sold: a basket item of type GiftCertificate carries its amount in `price` and `face_value`, and
// here its recipient and message. Once its order is placed the certificate is issued, once per
// item: `gift_certificate_sales` is keyed by the basket item, so a second run of the issuing
// step (a retry, a twin worker) finds the first one's certificate instead of issuing another.
// `emailed_at` is set after the certificate's e-mail went to the recipient.
//
// Refunded onto: a refund may put the money on a gift certificate instead of back the way it was
// paid (`refund_type` GiftCertificate); `gift_certificate_code` names an existing certificate to
// credit (null: a new one is issued), and `gift_certificate_id` records the destination once
// credited.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('basket_items', (t) => {
    t.text('recipient_name').nullable();
    t.text('recipient_email').nullable();
    t.text('gift_message').nullable();
  });

  await knex.schema.createTable('gift_certificate_sales', (t) => {
    // No foreign key to basket_items: the sale stays whatever becomes of the basket.
    t.integer('basket_item_id').primary();
    t.integer('order_id').notNullable().references('orders.id');
    t.integer('gift_certificate_id').notNullable().unique().references('gift_certificates.id');
    t.text('recipient_name').nullable();
    t.text('recipient_email').nullable();
    t.text('gift_message').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('emailed_at', { useTz: true }).nullable();
    t.index(['order_id']);
  });

  await knex.schema.alterTable('refunds', (t) => {
    t.text('gift_certificate_code').nullable();
    t.integer('gift_certificate_id').nullable().references('gift_certificates.id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refunds', (t) => {
    t.dropColumn('gift_certificate_id');
    t.dropColumn('gift_certificate_code');
  });
  await knex.schema.dropTableIfExists('gift_certificate_sales');
  await knex.schema.alterTable('basket_items', (t) => {
    t.dropColumn('gift_message');
    t.dropColumn('recipient_email');
    t.dropColumn('recipient_name');
  });
}
