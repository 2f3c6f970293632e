/**
 * Accessible seat types (seats.ada_type): the icon the seat map draws and whether the seat counts
 * toward the order's ticket limit: every seat counts except an aisle transfer seat.
 */
export type AdaType = 'Wheelchair' | 'Companion' | 'AisleTransfer' | 'HearingLoop';

export interface AdaTypeInfo {
  readonly type: AdaType;
  readonly description: string;
  /** Icon name the web app maps to a glyph. */
  readonly icon: string;
  readonly countsTowardLimit: boolean;
}

export const ADA_TYPES: Readonly<Record<AdaType, AdaTypeInfo>> = {
  Wheelchair: {
    type: 'Wheelchair',
    description: 'Wheelchair space',
    icon: 'wheelchair',
    countsTowardLimit: true,
  },
  Companion: { type: 'Companion', description: 'Companion seat', icon: 'companion', countsTowardLimit: true },
  AisleTransfer: {
    type: 'AisleTransfer',
    description: 'Aisle transfer seat (movable armrest)',
    icon: 'aisle-transfer',
    countsTowardLimit: false,
  },
  HearingLoop: {
    type: 'HearingLoop',
    description: 'Hearing loop seat',
    icon: 'hearing-loop',
    countsTowardLimit: true,
  },
};

export const isAdaType = (value: string | null | undefined): value is AdaType =>
  typeof value === 'string' && Object.hasOwn(ADA_TYPES, value);

/** The icon for a seat's ADA type; undefined for an ordinary seat or an unknown type. */
export const accessibilityIcon = (adaType: string | null | undefined): string | undefined =>
  isAdaType(adaType) ? ADA_TYPES[adaType].icon : undefined;

/** Every seat counts toward the ticket limit except an aisle transfer seat. */
export const countsTowardTicketLimit = (adaType: string | null | undefined): boolean =>
  !isAdaType(adaType) || ADA_TYPES[adaType].countsTowardLimit;

/** How many of these seats count toward the ticket limit. */
export const ticketLimitCount = (adaTypes: readonly (string | null | undefined)[]): number =>
  adaTypes.filter(countsTowardTicketLimit).length;
