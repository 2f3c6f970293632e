import type { Knex } from 'knex';

// Channels, hold classes and price types: the vocabulary every event's inventory and pricing uses.

export const SALES_CHANNELS = [
  { code: 'Web', name: 'Web', is_admin: false },
  { code: 'BoxOffice', name: 'Box office', is_admin: true },
  { code: 'Phone', name: 'Phone sales', is_admin: true },
  { code: 'GroupSales', name: 'Group sales', is_admin: true },
  { code: 'POS', name: 'Point of sale', is_admin: true },
] as const;

export type SalesChannelCode = (typeof SALES_CHANNELS)[number]['code'];

export const HOLD_CLASSES = [
  {
    name: 'House',
    subclasses: [
      // House seats are released by the box office only; press seats also by phone sales.
      { name: 'House Seats', isKill: false, channels: ['BoxOffice'] },
      { name: 'Press', isKill: false, channels: ['BoxOffice', 'Phone'] },
    ],
  },
  // Killed seats (camera platforms, sound desk) are never sold, so no channel sees them.
  { name: 'Production', subclasses: [{ name: 'Kill', isKill: true, channels: [] }] },
  {
    name: 'Group Sales',
    subclasses: [{ name: 'Group Allocation', isKill: false, channels: ['GroupSales', 'BoxOffice'] }],
  },
] as const satisfies readonly {
  name: string;
  subclasses: readonly { name: string; isKill: boolean; channels: readonly SalesChannelCode[] }[];
}[];

export type HoldSubclassName = (typeof HOLD_CLASSES)[number]['subclasses'][number]['name'];

export const PRICE_TYPES = [
  {
    code: 'Adult',
    name: 'Adult',
    description: null,
    is_default: true,
    is_comp: false,
    consumer_visible: true,
    share: 1,
  },
  {
    code: 'Child',
    name: 'Child',
    description: 'Under 16 on the day',
    is_default: false,
    is_comp: false,
    consumer_visible: true,
    share: 0.6,
  },
  {
    code: 'Concession',
    name: 'Concession',
    description: 'Students, over-65s and unwaged guests; bring ID',
    is_default: false,
    is_comp: false,
    consumer_visible: true,
    share: 0.8,
  },
  // Comps are given by staff, never sold on the web.
  {
    code: 'Comp',
    name: 'Comp',
    description: 'Complimentary',
    is_default: false,
    is_comp: true,
    consumer_visible: false,
    share: 0,
  },
] as const;

export type PriceTypeCode = (typeof PRICE_TYPES)[number]['code'];

/** Face value of a price type from the adult price: whole 50s, as box offices price. */
export const priceFor = (adult: number, code: PriceTypeCode) => {
  const share = PRICE_TYPES.find((t) => t.code === code)?.share ?? 1;
  return Math.round((adult * share) / 50) * 50;
};

export interface SalesSetup {
  readonly channelIds: Readonly<Record<SalesChannelCode, number>>;
  readonly holdSubclassIds: Readonly<Record<HoldSubclassName, number>>;
  readonly priceTypeIds: Readonly<Record<PriceTypeCode, number>>;
}

const idsByCode = <K extends string>(rows: readonly { id: number; code: string }[], codes: readonly K[]) => {
  const found = new Map(rows.map((r) => [r.code, r.id]));
  return Object.fromEntries(
    codes.map((code) => {
      const id = found.get(code);
      if (id === undefined) throw new Error(`missing ${code}`);
      return [code, id];
    }),
  ) as Record<K, number>;
};

// Rows with a natural key are inserted "if missing": an operator may have created them before
// the first demo load, and the demo should reuse them rather than fail.
export const insertSalesSetup = async (trx: Knex.Transaction): Promise<SalesSetup> => {
  await trx('sales_channels')
    .insert(SALES_CHANNELS.map((c) => ({ ...c })))
    .onConflict('code')
    .ignore();
  const channelIds = idsByCode(
    await trx('sales_channels').select('id', 'code'),
    SALES_CHANNELS.map((c) => c.code),
  );

  await trx('price_types')
    .insert(PRICE_TYPES.map(({ share: _share, ...t }, i) => ({ ...t, display_order: i + 1 })))
    .onConflict('code')
    .ignore();
  const priceTypeIds = idsByCode(
    await trx('price_types').select('id', 'code'),
    PRICE_TYPES.map((t) => t.code),
  );

  await trx('hold_classes')
    .insert(HOLD_CLASSES.map((c) => ({ name: c.name })))
    .onConflict('name')
    .ignore();
  const classIds = idsByCode(
    await trx('hold_classes').select('id', { code: 'name' }),
    HOLD_CLASSES.map((c) => c.name),
  );
  const subclasses = HOLD_CLASSES.flatMap((c) =>
    c.subclasses.map((s) => ({ ...s, classId: classIds[c.name] })),
  );
  await trx('hold_subclasses')
    .insert(subclasses.map((s) => ({ hold_class_id: s.classId, name: s.name, is_kill: s.isKill })))
    .onConflict(['hold_class_id', 'name'])
    .ignore();
  const subclassRows: { id: number; code: string }[] = await trx('hold_subclasses')
    .whereIn('hold_class_id', Object.values(classIds))
    .select('id', { code: 'name' });
  const holdSubclassIds = idsByCode(
    subclassRows,
    subclasses.map((s) => s.name),
  );
  const visibility = subclasses.flatMap((s) =>
    s.channels.map((channel) => ({
      hold_subclass_id: holdSubclassIds[s.name],
      sales_channel_id: channelIds[channel],
    })),
  );
  if (visibility.length > 0)
    await trx('hold_subclass_sales_channels')
      .insert(visibility)
      .onConflict(['hold_subclass_id', 'sales_channel_id'])
      .ignore();

  return { channelIds, holdSubclassIds, priceTypeIds };
};
