import { Effect } from 'effect';
import { InvalidRequest } from '../shared/errors.ts';
import { Performances, type Actor, type PriceTypeInput } from './ports.ts';

// Price types (Adult, Child, Member...) are the house's, shared by every performance: a code the
// price maps and reports use, a name buyers read, and whether buyers see it at all.

const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;

/** The input trimmed, or the field that is wrong. */
export const checkPriceType = (
  input: PriceTypeInput,
): { ok: true; value: PriceTypeInput } | { ok: false; field: string; reason: string } => {
  const code = input.code.trim();
  const name = input.name.trim();
  if (!CODE.test(code))
    return {
      ok: false,
      field: 'Code',
      reason: 'up to 20 letters, digits, - or _, starting with a letter or digit',
    };
  if (name === '' || name.length > 60)
    return { ok: false, field: 'Name', reason: 'a name of 1 to 60 characters' };
  return { ok: true, value: { code, name, consumerVisible: input.consumerVisible } };
};

const checked = (input: PriceTypeInput) => {
  const result = checkPriceType(input);
  return result.ok
    ? Effect.succeed(result.value)
    : Effect.fail(new InvalidRequest({ field: result.field, reason: result.reason }));
};

export const listPriceTypes = () => Performances.use((p) => p.priceTypes());

export const addPriceType = (input: PriceTypeInput, by: Actor) =>
  Effect.gen(function* () {
    const value = yield* checked(input);
    return yield* (yield* Performances).addPriceType(value, by);
  });

export const changePriceType = (request: {
  readonly id: number;
  readonly input: PriceTypeInput;
  readonly previous: PriceTypeInput;
  readonly by: Actor;
}) =>
  Effect.gen(function* () {
    const input = yield* checked(request.input);
    return yield* (yield* Performances).changePriceType({ ...request, input });
  });
