import type { Knex } from 'knex';

// The demo's membership (core/memberships/README.md): Friends of Foyer, 12 months, at Friend
// ($60) or Patron ($150), giving the existing Membership tag; and a Member price type, restricted
// to that tag, about 15% under Adult (whole 50s, as box offices price) on the first series'
// performances.

export const DEMO_MEMBERSHIP = {
  code: 'FRIENDS',
  name: 'Friends of Foyer',
  description:
    'A year of member prices (about 15% off the adult price on our main season), priority booking and the members’ newsletter.',
  durationMonths: 12,
  levels: [
    { displayName: 'Friend', description: 'Member prices for one', price: 6000 },
    { displayName: 'Patron', description: 'Member prices, and our thanks in the programme', price: 15000 },
  ],
} as const;

export const MEMBER_PRICE_TYPE = { code: 'Member', name: 'Member', share: 0.85 } as const;

export const insertMemberships = async (
  trx: Knex.Transaction,
  options: { readonly membershipTagTypeId: number; readonly firstSeriesTemplateId: number },
): Promise<void> => {
  const venue: { time_zone: string; iso_currency_code: string } | undefined = await trx(
    'event_templates as t',
  )
    .join('venues as v', 'v.id', 't.venue_id')
    .where('t.id', options.firstSeriesTemplateId)
    .first('v.time_zone', 'v.iso_currency_code');
  const [type] = await trx('membership_types')
    .insert({
      code: DEMO_MEMBERSHIP.code,
      name: DEMO_MEMBERSHIP.name,
      description: DEMO_MEMBERSHIP.description,
      duration_months: DEMO_MEMBERSHIP.durationMonths,
      customer_tag_type_id: options.membershipTagTypeId,
      time_zone: venue?.time_zone ?? 'America/New_York',
      currency: venue?.iso_currency_code ?? 'USD',
    })
    .returning('id');
  await trx('membership_price_levels').insert(
    DEMO_MEMBERSHIP.levels.map((level, i) => ({
      membership_type_id: type.id,
      display_name: level.displayName,
      description: level.description,
      price: level.price,
      display_order: i + 1,
    })),
  );
  const [order] = (await trx('price_types').max('display_order as max')) as { max: number | null }[];
  const [member] = await trx('price_types')
    .insert({
      code: MEMBER_PRICE_TYPE.code,
      name: MEMBER_PRICE_TYPE.name,
      description: 'For Friends of Foyer: sign in to see it',
      is_default: false,
      is_comp: false,
      consumer_visible: true,
      display_order: (order?.max ?? 0) + 1,
      customer_tag_type_ids: [options.membershipTagTypeId],
    })
    .returning('id');
  await trx.raw(
    `insert into prices (event_id, price_level_id, price_type_id, amount)
     select p.event_id, p.price_level_id, ?, (round(p.amount * ?::numeric / 50.0) * 50)::int
       from prices p
       join events e on e.id = p.event_id
       join price_types pt on pt.id = p.price_type_id and pt.code = 'Adult'
      where e.event_template_id = ?`,
    [member.id, MEMBER_PRICE_TYPE.share, options.firstSeriesTemplateId],
  );
};
