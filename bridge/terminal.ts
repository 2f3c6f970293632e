import { RpcError } from './rpc-error.ts';

// The card terminal beside the counter, as the tender RPCs see it. Which one is config.json's
// `terminal`: 'simulated' (bridge/terminal-simulated.ts), 'stripe' (bridge/terminal-stripe.ts,
// through the Foyer server), or a COM port, which means a Payworks/Miura reader: its service is
// not part of this bridge, so those RPCs answer 422 with the words the web shows.

export type TenderStatus = 'pending' | 'approved' | 'declined' | 'cancelled';

export interface Tender {
  readonly TenderId: string;
  readonly Status: TenderStatus;
  readonly CardBrand?: string;
  readonly Last4?: string;
  readonly Message?: string;
}

export interface TenderRequest {
  /** Minor units. */
  readonly amount: number;
  readonly currency: string;
  /** The order id or basket id the tender pays for. */
  readonly reference: string;
}

export interface TerminalDriver {
  readonly kind: 'simulated' | 'stripe';
  ready(): Promise<{ Ready: boolean; Reader: string | null }>;
  submit(request: TenderRequest): Promise<Tender>;
  status(tenderId: string): Promise<Tender>;
  cancel(tenderId: string): Promise<Tender>;
}

export type TerminalKind = 'simulated' | 'stripe' | 'payworks';

export const PAYWORKS_MISSING = 'Payworks/Miura service not found on this computer';

export const terminalKindOf = (terminal: string): TerminalKind =>
  terminal === 'simulated' || terminal === 'stripe' ? terminal : 'payworks';

/** What setterminalcomport takes: simulated, stripe, COM1..COM256 or a /dev/tty* path. */
export const parseTerminalPort = (port: string): string => {
  const value = port.trim();
  if (value === 'simulated' || value === 'stripe') return value;
  if (/^COM([1-9]\d{0,2})$/i.test(value)) return value.toUpperCase();
  if (/^\/dev\/[A-Za-z0-9._/-]+$/.test(value)) return value;
  throw new RpcError(
    400,
    `port: "${port}" is not a terminal; give simulated, stripe, a COM port (COM3) or a serial device (/dev/ttyUSB0).`,
  );
};

export const tenderIdOf = (value: string | null): string => {
  if (value === null || !/^t_[A-Za-z0-9_-]{1,250}$/.test(value))
    throw new RpcError(400, 'tenderId: give the TenderId that submittender answered (t_...).');
  return value;
};
