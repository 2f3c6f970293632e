import { useEffect, useRef, useState } from 'react';
import type { BasketData } from './basket-api.ts';
import type { ChangeFailure } from './use-change-failure.ts';

/**
 * The banner at the top of the basket page: the words of the last failed change, focused when
 * they appear so keyboard and screen-reader users meet them. `change` runs a basket change and
 * shows its failure there.
 */
export const usePageError = (input: {
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  readonly failure: ChangeFailure;
}) => {
  const [pageError, setPageError] = useState<string | null>(null);
  const banner = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (pageError) banner.current?.focus();
  }, [pageError]);

  /** Shows a failure's words (none when the basket is gone and the page went elsewhere). */
  const show = async (error: unknown, fallbackKey?: string) => {
    const message = await input.failure(error, fallbackKey);
    if (message) setPageError(message);
  };

  /** Runs a change; false when it failed (its words are in the banner). */
  const change = async (run: () => Promise<BasketData>): Promise<boolean> => {
    try {
      await input.update(run);
      return true;
    } catch (error) {
      await show(error);
      return false;
    }
  };

  return { pageError, banner, show, change, dismiss: () => setPageError(null) };
};
