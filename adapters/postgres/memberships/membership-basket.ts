import type { Knex } from 'knex';
import type { GiftRequest } from '../../../core/memberships/gift-delivery.ts';
import type { MembershipPriceLevel, MembershipType } from '../../../core/memberships/ports.ts';
import { addExtraLine, type ExtraLineRequest } from '../basket/add-extra-line.ts';

// A membership sold: a basket item of type Membership (its type's name in product_name, its
// level's in price_level_name, its price), with the gift's recipient and delivery
// (migrations/20261215000200_memberships.ts). Added under the basket's lock, as gift certificates.

export const addMembershipItem = async (
  db: Knex,
  request: ExtraLineRequest & {
    type: MembershipType;
    level: MembershipPriceLevel;
    gift: GiftRequest;
  },
) => {
  const { gift } = request;
  return addExtraLine(db, request, {
    rule: 'Membership',
    what: 'membership',
    currency: request.type.currency,
    row: {
      item_type: 'Membership',
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
    },
  });
};
