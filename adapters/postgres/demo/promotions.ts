import type { Knex } from 'knex';
import { randomFor } from './prng.ts';
import type { SeriesPlan } from './series.ts';

// One promotion of each kind the storefront handles (a plain promotion; presale, group codes,
// customer-tag restrictions, outlet sale), each linked to its series.

const DAY = 86_400_000;
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread

interface PromotionPlan {
  readonly row: Record<string, unknown> & { display_name: string };
  readonly series: readonly string[];
  readonly groupCodes?: number;
}

export const insertPromotions = async (
  trx: Knex.Transaction,
  context: {
    readonly now: Date;
    readonly series: readonly SeriesPlan[];
    readonly templateIds: ReadonlyMap<string, number>;
    readonly membershipTagTypeId: number;
  },
): Promise<number> => {
  const { now, series, templateIds } = context;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  // The presale runs until general sale opens.
  const generalSale = series.find((s) => s.code === 'NOVA')?.events[0]?.onSaleAt ?? at(10);
  const plans: PromotionPlan[] = [
    {
      row: { code: 'SAVE10', display_name: '10% off', discount_kind: 'Percent', discount_value: 1000 },
      series: ['HAMLET', 'COMEDY'],
    },
    {
      row: {
        code: 'EARLYBIRD',
        display_name: 'Fan club presale',
        instruction_text: 'Enter the presale code from your fan club e-mail.',
        is_presale: true,
        starts_at: at(-2),
        ends_at: generalSale,
        discount_kind: 'Percent',
        discount_value: 0,
      },
      series: ['NOVA'],
    },
    {
      row: {
        code: 'GROUPS',
        display_name: 'Group booking: 15% off',
        instruction_text: 'Enter the one-time group code your group organiser gave you.',
        group_promo_code: true,
        discount_kind: 'Percent',
        discount_value: 1500,
      },
      series: ['HAMLET', 'WINTER'],
      groupCodes: 6,
    },
    {
      row: {
        code: 'MEMBERS',
        display_name: 'Members: 20% off',
        instruction_text: 'Sign in with your membership account to use this offer.',
        restrict_to_customer_tag: true,
        restrict_to_customer_tag_ids: [context.membershipTagTypeId],
        discount_kind: 'Percent',
        discount_value: 2000,
      },
      series: ['HAMLET', 'WINTER', 'AURORA'],
    },
    {
      row: {
        code: 'FLASH20',
        display_name: 'Flash sale: $20 off',
        starts_at: at(-1),
        ends_at: at(14),
        discount_kind: 'Amount',
        discount_value: 2000,
        hide_full_retail_price_on_web: true,
      },
      series: ['WINTER'],
    },
    {
      row: {
        code: 'CARD15',
        display_name: 'Foyer Bank cardholders: 15% off',
        instruction_text: 'Pay with a Foyer Bank card (numbers starting 424242).',
        discount_kind: 'Percent',
        discount_value: 1500,
        bin_restrictions: ['424242'],
      },
      series: ['AURORA'],
    },
    {
      // No code: the storefront applies an outlet sale by itself.
      row: {
        code: null,
        display_name: 'Outlet sale: 25% off',
        is_outlet_sale: true,
        discount_kind: 'Percent',
        discount_value: 2500,
      },
      series: ['COMEDY'],
    },
  ];

  const random = randomFor('group-codes');
  for (const plan of plans) {
    const [row] = await trx('promotions').insert(plan.row).returning('id');
    const promotionId: number = row.id;
    await trx('promotion_event_templates').insert(
      plan.series.map((code) => {
        const templateId = templateIds.get(code);
        if (templateId === undefined) throw new Error(`no series ${code}`);
        return { promotion_id: promotionId, event_template_id: templateId };
      }),
    );
    if (plan.groupCodes) {
      const codes = Array.from(
        { length: plan.groupCodes },
        () => `GRP-${Array.from({ length: 6 }, () => random.pick([...CODE_LETTERS])).join('')}`,
      );
      // One code already redeemed, so "this group code has been used" can be tried.
      await trx('promotion_group_codes').insert(
        codes.map((code, i) => ({ promotion_id: promotionId, code, used_at: i === 0 ? at(-3) : null })),
      );
    }
  }
  return plans.length;
};
