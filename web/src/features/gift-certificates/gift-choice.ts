// The selection page's rules, pure: the amount chosen (one offered, or the buyer's own typed in
// major units), checked against the limits before anything is sent.

export type AmountChoice =
  { readonly kind: 'offered'; readonly amount: number } | { readonly kind: 'custom'; readonly typed: string };

/** Minor units of the chosen amount, or null when none is chosen or the typed one is not a whole amount in cents. */
export const chosenAmount = (choice: AmountChoice | null): number | null => {
  if (!choice) return null;
  if (choice.kind === 'offered') return choice.amount;
  const typed = choice.typed.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(typed)) return null;
  const [whole, cents = ''] = typed.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
};

/** Whether the chosen amount may be sold (the server checks again). */
export const amountWithin = (
  amount: number | null,
  limits: { readonly Minimum: number; readonly Maximum: number },
) => amount !== null && amount >= limits.Minimum && amount <= limits.Maximum;

/** What the payment page applies from a certificate: all of its balance or all that is due. */
export const amountToApply = (balance: number, due: number): number => Math.max(0, Math.min(balance, due));

/** Whether what is applied from certificates pays the whole total: nothing is left for a card. */
export const coversTotal = (applied: number, total: number): boolean => total > 0 && applied >= total;
