import { useEffect, useState } from 'react';
import { searchCustomers, type Customer } from './staff-basket-api.ts';

const DEBOUNCE_MS = 300;
/** Fewer characters than this ask nothing: every customer would match. */
export const MIN_SEARCH_LENGTH = 2;

export type CustomerSearch =
  | { readonly status: 'idle' }
  | { readonly status: 'searching' }
  | { readonly status: 'done'; readonly customers: readonly Customer[] }
  | { readonly status: 'error'; readonly error: unknown };

/** The customers matching what the clerk typed (name, e-mail or phone), asked 300 ms after the last key. */
export const useCustomerSearch = (text: string): CustomerSearch => {
  const [state, setState] = useState<CustomerSearch>({ status: 'idle' });
  const query = text.trim();
  useEffect(() => {
    if (query.length < MIN_SEARCH_LENGTH) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'searching' });
    const timer = setTimeout(() => {
      searchCustomers(query, controller.signal).then(
        (customers) => {
          if (!controller.signal.aborted) setState({ status: 'done', customers });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ status: 'error', error });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return state;
};
