import { randomInt } from 'node:crypto';
import { Cause, Effect, Exit, Layer } from 'effect';
import type { Knex } from 'knex';
import type { MailFailed } from '../../../core/orders/ports.ts';
import {
  Memberships,
  type DeliveryOutcome,
  type IssuedMembership,
  type MembershipOrder,
  type MembershipSaleLine,
  type MembershipToIssue,
} from '../../../core/memberships/ports.ts';
import { renewedTerm } from '../../../core/memberships/membership-term.ts';
import { membershipOf, readItemRows } from '../sql/basket-rows.ts';
import { inTransaction, refuse, type Outcome } from '../sql/transaction.ts';
import { addMembershipItem } from './membership-basket.ts';
import { readTypeByCode, readTypeById, readTypeSummaries } from './membership-types.ts';

// Memberships issued and delivered (migrations/20261215000200_memberships.ts). Issuing is keyed
// by the basket item (unique basket_item_id): a twin run's insert does nothing and answers the
// first run's row. Delivery takes the row's lock, gives the tag, sends the e-mail and sets
// delivered_at in one transaction: a twin waits and finds it delivered; a failed send rolls
// back the tag and leaves it to the next run.

const SELECT_MEMBERSHIP = `
  select m.id, m.customer_id, c.first_name, c.last_name, c.email, t.code as type_code, t.name as type_name,
         l.display_name as level_name, t.time_zone, to_char(m.starts_on, 'YYYY-MM-DD') as starts_on,
         to_char(m.ends_on, 'YYYY-MM-DD') as ends_on, m.barcode, m.is_gift, m.gift_message,
         nullif(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), '') as giver_name,
         m.deliver_at, m.delivered_at, t.customer_tag_type_id
    from memberships m
    join customers c on c.id = m.customer_id
    join membership_types t on t.id = m.membership_type_id
    join membership_price_levels l on l.id = m.membership_price_level_id
    join orders o on o.id = m.order_id`;

interface MembershipRow {
  id: number;
  customer_id: number;
  first_name: string;
  last_name: string;
  email: string;
  type_code: string;
  type_name: string;
  level_name: string;
  time_zone: string;
  starts_on: string;
  ends_on: string;
  barcode: string;
  is_gift: boolean;
  gift_message: string | null;
  giver_name: string | null;
  deliver_at: Date | null;
  delivered_at: Date | null;
  customer_tag_type_id: number;
}

const issuedOf = (r: MembershipRow): IssuedMembership => ({
  id: r.id,
  customerId: r.customer_id,
  memberFirstName: r.first_name,
  memberLastName: r.last_name,
  memberEmail: r.email,
  membershipTypeCode: r.type_code,
  membershipName: r.type_name,
  priceLevelName: r.level_name,
  timeZone: r.time_zone,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  barcode: r.barcode,
  isGift: r.is_gift,
  giftMessage: r.gift_message,
  giverName: r.giver_name,
  deliverAt: r.deliver_at,
  deliveredAt: r.delivered_at,
});

const readRows = async (
  db: Knex | Knex.Transaction,
  where: string,
  args: readonly Knex.RawBinding[],
  lock = false,
) =>
  (
    (await db.raw(
      `${SELECT_MEMBERSHIP} where ${where} order by m.id${lock ? ' for update of m' : ''}`,
      args,
    )) as {
      rows: MembershipRow[];
    }
  ).rows;

export const readMembership = async (db: Knex, id: number): Promise<IssuedMembership | null> => {
  const [row] = await readRows(db, 'm.id = ?', [id]);
  return row ? issuedOf(row) : null;
};

/** A placed order's membership lines, from its basket's items, with what was issued. */
export const readMembershipOrder = async (db: Knex, orderId: number): Promise<MembershipOrder | null> => {
  const order:
    | {
        id: number;
        basket_id: string;
        customer_id: number | null;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
      }
    | undefined = await db('orders').where({ id: orderId }).first();
  if (!order) return null;
  const items = (await readItemRows(db, order.basket_id)).filter((i) => i.item_type === 'Membership');
  const issued: { id: number; basket_item_id: number }[] = items.length
    ? await db('memberships')
        .whereIn(
          'basket_item_id',
          items.map((i) => i.id),
        )
        .select('id', 'basket_item_id')
    : [];
  const lines = items.map((row): MembershipSaleLine => {
    const item = membershipOf(row);
    return {
      itemId: item.id,
      membershipTypeId: item.membershipTypeId,
      priceLevelId: item.priceLevelId,
      price: item.price,
      gift: {
        isGift: item.isGift,
        firstName: item.giftFirstName,
        lastName: item.giftLastName,
        email: item.giftEmail,
        message: item.giftMessage,
        deliveryLocalDate: item.giftDeliveryLocalDate,
        isSendNow: item.isSendGiftNow,
      },
      membershipId: issued.find((m) => m.basket_item_id === item.id)?.id ?? null,
    };
  });
  return {
    orderId: order.id,
    customerId: order.customer_id,
    buyerFirstName: order.first_name ?? '',
    buyerLastName: order.last_name ?? '',
    buyerEmail: order.email,
    lines,
  };
};

/** 'M' and 12 random digits: what the card's barcode encodes (unique in the table). */
const newBarcode = () =>
  `M${String(randomInt(0, 1e6)).padStart(6, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;

/** The customer with this e-mail (any case), made when there is none (a guest, a gift's recipient). */
const customerFor = async (trx: Knex.Transaction, member: MembershipToIssue['member']): Promise<number> => {
  if (member.customerId !== null) return member.customerId;
  await trx.raw(
    `insert into customers (email, first_name, last_name) values (?, ?, ?) on conflict ((lower(email))) do nothing`,
    [member.email, member.firstName, member.lastName],
  );
  const found: { id: number } = await trx('customers')
    .whereRaw('lower(email) = lower(?)', [member.email])
    .first('id');
  return found.id;
};

/**
 * The last day of the member's latest membership of this type (another basket item's), read under
 * the customer's row lock so two renewals at once queue one after the other; null: none.
 */
const currentEnd = async (
  trx: Knex.Transaction,
  customerId: number,
  request: MembershipToIssue,
): Promise<string | null> => {
  await trx('customers').where({ id: customerId }).forUpdate().first('id');
  const row: { last_day: string | null } = await trx('memberships')
    .where({ customer_id: customerId, membership_type_id: request.membershipTypeId })
    .whereNot({ basket_item_id: request.itemId })
    .first(trx.raw(`to_char(max(ends_on), 'YYYY-MM-DD') as last_day`));
  return row.last_day;
};

export const issueMembership = async (db: Knex, request: MembershipToIssue): Promise<IssuedMembership> => {
  const id = await db.transaction(async (trx) => {
    const customerId = await customerFor(trx, request.member);
    const term = renewedTerm(
      request.startsOn,
      request.durationMonths,
      await currentEnd(trx, customerId, request),
    );
    const inserted: { rows: { id: number }[] } = await trx.raw(
      `insert into memberships (basket_item_id, order_id, membership_type_id, membership_price_level_id,
         customer_id, buyer_customer_id, price, starts_on, ends_on, is_gift, gift_message, barcode, deliver_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::date, ?::date, ?, ?, ?, ?)
       on conflict (basket_item_id) do nothing returning id`,
      [
        request.itemId,
        request.orderId,
        request.membershipTypeId,
        request.priceLevelId,
        customerId,
        request.buyerCustomerId,
        request.price,
        term.startsOn,
        term.endsOn,
        request.isGift,
        request.giftMessage,
        newBarcode(),
        request.deliverAt,
      ],
    );
    if (inserted.rows[0]) return inserted.rows[0].id;
    const twin: { id: number } = await trx('memberships')
      .where({ basket_item_id: request.itemId })
      .first('id');
    return twin.id;
  });
  return (await readMembership(db, id))!;
};

export const deliverOnce = async (
  db: Knex,
  membershipId: number,
  now: Date,
  send: (membership: IssuedMembership) => Effect.Effect<void, MailFailed>,
): Promise<Outcome<DeliveryOutcome, MailFailed>> =>
  inTransaction<DeliveryOutcome, MailFailed>(db, async (trx) => {
    const [row] = await readRows(trx, 'm.id = ?', [membershipId], true);
    if (!row) return 'NoSuchMembership';
    if (row.delivered_at !== null) return 'AlreadyDelivered';
    if (row.deliver_at !== null && row.deliver_at.getTime() > now.getTime()) return 'NotDue';
    await trx.raw(
      `insert into customer_tags (customer_id, customer_tag_type_id, granted_by_membership) values (?, ?, true)
       on conflict (customer_id, customer_tag_type_id) do nothing`,
      [row.customer_id, row.customer_tag_type_id],
    );
    const sent = await Effect.runPromiseExit(send(issuedOf(row)));
    if (Exit.isFailure(sent)) {
      const failure = Cause.findErrorOption(sent.cause);
      if (failure._tag === 'Some') return refuse(failure.value);
      throw Cause.squash(sent.cause);
    }
    await trx('memberships').where({ id: membershipId }).update({ delivered_at: trx.fn.now() });
    return 'Delivered';
  });

const fromOutcome = <A, E>(run: () => Promise<Outcome<A, E>>): Effect.Effect<A, E> =>
  Effect.flatMap(Effect.promise(run), (o) => (o.ok ? Effect.succeed(o.value) : Effect.fail(o.error)));

export const MembershipsPostgres = (db: Knex, publicUrl: string) =>
  Layer.succeed(Memberships, {
    typeByCode: (code) => Effect.promise(() => readTypeByCode(db, code)),
    typeById: (id) => Effect.promise(() => readTypeById(db, id)),
    typeSummaries: () => Effect.promise(() => readTypeSummaries(db)),
    addToBasket: (request) => fromOutcome(() => addMembershipItem(db, request)),
    order: (orderId) => Effect.promise(() => readMembershipOrder(db, orderId)),
    issue: (request) => Effect.promise(() => issueMembership(db, request)),
    byId: (id) => Effect.promise(() => readMembership(db, id)),
    ofCustomer: (customerId) =>
      Effect.promise(async () => (await readRows(db, 'm.customer_id = ?', [customerId])).map(issuedOf)),
    deliver: (membershipId, now, send) => fromOutcome(() => deliverOnce(db, membershipId, now, send)),
    dueGifts: (now) =>
      Effect.promise(async () =>
        (
          await db('memberships')
            .whereNull('delivered_at')
            .where((q) => q.whereNull('deliver_at').orWhere('deliver_at', '<=', now))
            .orderBy('id')
            .limit(200)
            .select('id')
        ).map((r: { id: number }) => r.id),
      ),
    publicUrl,
  });
