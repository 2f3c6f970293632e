import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';
import { changePromotion, type BasketData } from './basket-api.ts';
import type { ChangeFailure } from './use-change-failure.ts';

/**
 * The promo code panel's changes: a code (and group code) put on every ticket, its refusal's
 * words returned to the panel; removing the code from the lines that carry one.
 */
export const usePromoCodeChange = (input: {
  readonly tickets: readonly TicketItem[];
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  readonly failure: ChangeFailure;
  /** A change whose failure shows in the page's banner. */
  readonly change: (run: () => Promise<BasketData>) => Promise<boolean>;
}) => {
  const { tickets } = input;

  /** Null when applied, else the words for the panel ('' when the page went elsewhere). */
  const apply = async (code: string, groupCode: string): Promise<string | null> => {
    try {
      await input.update(() =>
        changePromotion(
          tickets.map((i) => ({ basketItemId: i.ID, promoCode: code, ...(groupCode ? { groupCode } : {}) })),
        ),
      );
      return null;
    } catch (error) {
      return (await input.failure(error)) ?? '';
    }
  };

  const remove = async () => {
    const coded = tickets.filter((i) => i.PromoCode);
    if (coded.length > 0)
      await input.change(() => changePromotion(coded.map((i) => ({ basketItemId: i.ID, promoCode: '' }))));
  };

  return { apply, remove };
};
