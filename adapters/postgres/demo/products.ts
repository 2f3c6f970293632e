import type { Knex } from 'knex';
import type { SeriesPlan } from './series.ts';

// Add-on products sold beside the tickets on the basket page.
// A product is offered with every performance of its series, or with one performance only
// (parking is for the night you come). Prices are minor units in the venue's currency.

export interface DemoVariant {
  readonly name: string;
  readonly price: number;
  /** Units to sell per product row (core/extras/product-stock.ts); absent: not counted. */
  readonly stock?: number;
}

export interface DemoProduct {
  readonly name: string;
  readonly description: string;
  /** Served by the storefront from web/public/products/. */
  readonly imageUrl: string | null;
  readonly variants: readonly DemoVariant[];
  /** 'series': offered with every performance; 'performance': one product per performance. */
  readonly scope: 'series' | 'performance';
}

/** Each series' add-ons, by series code, in the order the basket shows them. */
export const DEMO_PRODUCTS: Readonly<Record<string, readonly DemoProduct[]>> = {
  HAMLET: [
    {
      name: 'Souvenir programme',
      description:
        'Cast biographies, rehearsal photographs and an essay on the play. Collect it from the foyer.',
      imageUrl: '/products/programme.svg',
      variants: [{ name: 'Souvenir programme', price: 800 }],
      scope: 'series',
    },
    {
      name: 'Interval drink',
      description: 'Ordered now, waiting for you at the Circle bar in the interval: no queue.',
      imageUrl: '/products/interval-drink.svg',
      variants: [
        // The bar pours a set number of glasses a night; soft drinks are not counted.
        { name: 'Glass of wine', price: 950, stock: 60 },
        { name: 'Soft drink', price: 450 },
      ],
      scope: 'series',
    },
    {
      name: 'Cloakroom',
      description: 'One coat or bag per ticket, kept in the staffed cloakroom by the main entrance.',
      imageUrl: null,
      variants: [{ name: 'Cloakroom', price: 300 }],
      scope: 'series',
    },
  ],
  AURORA: [
    {
      name: 'Tour T-shirt',
      description: 'Northern Lights Tour T-shirt in organic cotton. Collect it at the merchandise stand.',
      imageUrl: '/products/tour-t-shirt.svg',
      // The tour carries a few boxes of each size: the stand sells out of XL first.
      variants: (
        [
          ['S', 40],
          ['M', 60],
          ['L', 60],
          ['XL', 12],
        ] as const
      ).map(([size, stock]) => ({ name: `Size ${size}`, price: 2500, stock })),
      scope: 'series',
    },
    {
      name: 'Parking',
      description: 'One car in the Riverside Arena car park on the night of the show, from 5 pm.',
      imageUrl: null,
      variants: [{ name: 'Parking', price: 1200 }],
      scope: 'performance',
    },
  ],
};

/**
 * Inserts the add-ons of the series that have any, and marks those series' performances
 * HasProducts (the flag continuewithouttickets and the event pages read). Answers the count
 * of products inserted.
 */
export const insertProducts = async (
  trx: Knex.Transaction,
  context: {
    readonly series: readonly SeriesPlan[];
    readonly templateIds: ReadonlyMap<string, number>;
    readonly eventIds: ReadonlyMap<string, number>;
  },
): Promise<number> => {
  let order = 0;
  let inserted = 0;
  for (const series of context.series) {
    const products = DEMO_PRODUCTS[series.code];
    if (!products) continue;
    const templateId = context.templateIds.get(series.code);
    if (templateId === undefined) throw new Error(`no series ${series.code}`);
    const eventIds = series.events.map((e) => {
      const id = context.eventIds.get(e.ref);
      if (id === undefined) throw new Error(`no event ${e.ref}`);
      return id;
    });
    for (const product of products) {
      order += 1;
      const owners =
        product.scope === 'series'
          ? [{ event_id: null, event_template_id: templateId }]
          : eventIds.map((id) => ({ event_id: id, event_template_id: null }));
      const rows: { id: number }[] = await trx('products')
        .insert(
          owners.map((owner) => ({
            ...owner,
            name: product.name,
            description: product.description,
            image_url: product.imageUrl,
            display_order: order,
          })),
        )
        .returning('id');
      await trx('product_variants').insert(
        rows.flatMap((row) =>
          product.variants.map((v) => ({
            product_id: row.id,
            name: v.name,
            price: v.price,
            stock: v.stock ?? null,
          })),
        ),
      );
      inserted += rows.length;
    }
    await trx('events').whereIn('id', eventIds).update({ has_products: true });
  }
  return inserted;
};
