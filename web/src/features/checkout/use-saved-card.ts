import { useEffect, useState } from 'react';
import type { SavedCard } from '../../../../adapters/http/contract/account.ts';
import { fetchSavedCard } from '../accounts/account-api.ts';

/**
 * GET /api/account/paymentmethod while `wanted` (a signed-in customer, cards through Stripe): the
 * saved card, or null. Not signed in after all (401) or the gateway not answering: no card.
 */
export const useSavedCard = (wanted: boolean): SavedCard | null => {
  const [card, setCard] = useState<SavedCard | null>(null);
  useEffect(() => {
    if (!wanted) {
      setCard(null);
      return;
    }
    let live = true;
    fetchSavedCard().then(
      (answer) => live && setCard(answer),
      () => live && setCard(null),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? card : null;
};
