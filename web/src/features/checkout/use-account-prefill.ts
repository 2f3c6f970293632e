import { useEffect, useRef } from 'react';
import type { AccountDetails } from '../../../../adapters/http/contract/account.ts';
import { fetchDetails } from '../accounts/account-api.ts';

/**
 * A signed-in customer's details (GET /api/account/details) handed to `prefill` once per sign-in;
 * the form takes them only while it is still empty (account-prefill.ts). A failed read leaves
 * the form as it is.
 */
export const useAccountPrefill = (customer: boolean, prefill: (details: AccountDetails) => void) => {
  const latest = useRef(prefill);
  latest.current = prefill;
  useEffect(() => {
    if (!customer) return;
    let live = true;
    fetchDetails().then(
      (details) => live && latest.current(details),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [customer]);
};
