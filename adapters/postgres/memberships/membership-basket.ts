import type { Knex } from 'knex';
import { BasketRuleViolation } from '../../../core/basket/errors.ts';
import type { GiftRequest } from '../../../core/memberships/gift-delivery.ts';
import type { MembershipPriceLevel, MembershipType } from '../../../core/memberships/ports.ts';
import { openLocked } from '../basket/locked-basket.ts';
import { basketOf, readItemRows } from '../sql/basket-rows.ts';
import { inTransaction, refuse } from '../sql/transaction.ts';

// A membership sold: a basket item of type Membership (its type's name in product_name, its
// level's in price_level_name, its price), with the gift's recipient and delivery
// (migrations/20261215000200_memberships.ts). Added under the basket's lock, as gift certificates.

export const addMembershipItem = async (
  db: Knex,
  request: {
    basketId: string | null;
    channelCode: string;
    holdSeconds: number;
    staffLane: boolean;
    type: MembershipType;
    level: MembershipPriceLevel;
    gift: GiftRequest;
  },
) =>
  inTransaction<{ basket: ReturnType<typeof basketOf>; created: boolean }, BasketRuleViolation>(
    db,
    async (trx) => {
      const channel: { id: number } | undefined = await trx('sales_channels')
        .whereRaw('lower(code) = lower(?)', [request.channelCode])
        .first('id');
      if (!channel)
        return refuse(
          new BasketRuleViolation({
            rule: 'SalesChannel',
            message: `Unknown sales channel ${request.channelCode}.`,
          }),
        );
      const locked = await openLocked(trx, {
        basketId: request.basketId,
        salesChannelId: channel.id,
        holdSeconds: request.holdSeconds,
        staffLane: request.staffLane,
      });
      if (locked.row.is_exchange)
        return refuse(
          new BasketRuleViolation({
            rule: 'Membership',
            message: 'An exchange basket sells seats only: sell the membership on its own basket.',
          }),
        );
      const { gift } = request;
      await trx('basket_items').insert({
        basket_id: locked.row.id,
        item_type: 'Membership',
        quantity: 1,
        face_value: request.level.price,
        price: request.level.price,
        product_name: request.type.name,
        price_level_name: request.level.displayName,
        membership_type_id: request.type.id,
        membership_price_level_id: request.level.id,
        is_gift: gift.isGift,
        gift_first_name: gift.firstName,
        gift_last_name: gift.lastName,
        recipient_name: gift.isGift ? `${gift.firstName ?? ''} ${gift.lastName ?? ''}`.trim() : null,
        recipient_email: gift.email,
        gift_message: gift.message,
        gift_delivery_local_date: gift.deliveryLocalDate,
        is_send_gift_now: gift.isSendNow,
      });
      return {
        basket: basketOf(locked.row, await readItemRows(trx, locked.row.id)),
        created: locked.created,
      };
    },
  );
