// General-admission quantities: digits only; a section's quantity is limited
// by its remaining availability and by the ticket limit minus the other selected seats; excess is
// trimmed rather than refused, and the buyer is told why.

export const digitsOnly = (raw: string): string => raw.replace(/\D+/g, '');

export interface GaLimits {
  /** MapGASections[].MaxAvailable of the section. */
  readonly maxAvailable: number;
  /** Already asked for in the same section with other price types. */
  readonly sameSection: number;
  /** OrderTicketLimit. */
  readonly limit: number;
  /** Every other ticket counting toward the limit (seats and other GA quantities). */
  readonly otherTickets: number;
}

export type GaTrim = 'availability' | 'limit';

export interface GaQuantity {
  readonly quantity: number;
  /** What cut the typed number down, when something did. */
  readonly trimmedBy?: GaTrim;
  /** What is left to give this input: the largest quantity it may hold. */
  readonly max: number;
}

export const gaMaxFor = (limits: GaLimits): { max: number; by: GaTrim } => {
  const byAvailability = Math.max(0, limits.maxAvailable - limits.sameSection);
  const byLimit = Math.max(0, limits.limit - limits.otherTickets);
  return byAvailability <= byLimit
    ? { max: byAvailability, by: 'availability' }
    : { max: byLimit, by: 'limit' };
};

/** The quantity an input may hold, from whatever was typed or pasted. */
export const gaQuantity = (raw: string, limits: GaLimits): GaQuantity => {
  const { max, by } = gaMaxFor(limits);
  const digits = digitsOnly(raw).replace(/^0+(?=\d)/, '');
  // Very long digit strings are not numbers anyone means; they are simply too many.
  const wanted = digits === '' ? 0 : digits.length > 6 ? Number.MAX_SAFE_INTEGER : Number(digits);
  if (wanted > max) return { quantity: max, trimmedBy: by, max };
  return { quantity: wanted, max };
};
