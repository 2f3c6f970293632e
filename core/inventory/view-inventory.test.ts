import { Effect, Exit, Layer } from 'effect';
import { describe, expect, test } from 'vitest';
import { InvalidRequest } from '../shared/errors.ts';
import type { EventSeatsSnapshot } from './event-inventory.ts';
import { Inventory } from './ports.ts';
import { viewInventory } from './view-inventory.ts';

const snapshot: EventSeatsSnapshot = {
  eventId: 1,
  venueConfigurationId: 1,
  seats: [
    {
      key: 'BOXL-A-1',
      priceLevelId: 2,
      status: 'Hold',
      holdSubclassId: 5,
      liveBasketHold: false,
      adaType: null,
      seatAlertId: null,
      isGa: false,
    },
  ],
  gaSections: [],
  holdSubclasses: [{ id: 5, isKill: false, channelCodes: new Set(['boxoffice']) }],
  packageIdsByPriceLevel: new Map(),
};

const layer = Layer.succeed(Inventory, {
  eventSeats: () => Effect.succeed(snapshot),
  salesChannels: () =>
    Effect.succeed([
      { id: 1, code: 'Web', name: 'Web', isAdmin: false },
      { id: 2, code: 'BoxOffice', name: 'Box office', isAdmin: true },
    ]),
});

const statusFor = async (salesChannel: string, holdSubclassIds?: string, staff = true) => {
  const exit = await Effect.runPromiseExit(
    Effect.provide(viewInventory({ eventId: 1, salesChannel, holdSubclassIds, staff }), layer),
  );
  return Exit.isSuccess(exit) ? exit.value.MapSeats[0]?.seatStatus : exit;
};

describe('viewing an event’s inventory', () => {
  test('sales channel codes match whatever their case', async () => {
    expect(await statusFor('boxoffice', '5')).toBe('Open');
    expect(await statusFor('BOXOFFICE', '5')).toBe('Open');
  });

  test('a held seat stays Hold for a channel not allowed to sell it, even when it asks', async () => {
    expect(await statusFor('Web', '5')).toBe('Hold');
    expect(await statusFor('BoxOffice')).toBe('Hold');
  });

  test("a box-office channel's view is refused to anyone but staff; the web's is anyone's", async () => {
    const refused = await statusFor('BoxOffice', '5', false);
    expect(Exit.isExit(refused) && Exit.isFailure(refused) && refused.cause.reasons[0]).toMatchObject({
      error: expect.objectContaining({ _tag: 'BasketRuleViolation', rule: 'SalesChannel' }),
    });
    expect(await statusFor('Web', undefined, false)).toBe('Hold');
  });

  test('an unknown sales channel is refused naming the field', async () => {
    const exit = await statusFor('Carrier pigeon');
    expect(Exit.isExit(exit) && Exit.isFailure(exit) && exit.cause.reasons[0]).toMatchObject({
      error: expect.any(InvalidRequest),
    });
  });
});
