// Which card reader a counter uses: the one named like the counter (POS settings), else the
// first online reader that is not busy, else none. Pure.

export interface ReaderFacts {
  readonly Id: string;
  readonly Label: string;
  readonly Status: string;
  readonly Busy: boolean;
}

export const readerForCounter = (readers: readonly ReaderFacts[], counter: string): ReaderFacts | null => {
  const online = readers.filter((r) => r.Status === 'online');
  const named = online.find((r) => r.Label.trim().toLowerCase() === counter.trim().toLowerCase());
  return named ?? online.find((r) => !r.Busy) ?? null;
};

/** Simulated cards are for test mode only: the offline processor or a Stripe test key. */
export const isTestMode = (settings: { Processor: string; PublishableKey?: string | null } | null): boolean =>
  settings !== null &&
  (settings.Processor === 'Offline' || (settings.PublishableKey ?? '').startsWith('pk_test_'));
