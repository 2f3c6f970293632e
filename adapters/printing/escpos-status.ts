// ESC/POS real-time status: DLE EOT n (0x10 0x04 n) is answered at once, even while the printer
// is offline, with one byte. Bits 1 and 4 are always on and bits 0 and 7 always off, so a byte
// with those wrong is not a status at all.
//   n = 1 printer:       bit 2 drawer kick connector pin 3 high, bit 3 offline
//   n = 2 offline cause: bit 2 cover open, bit 3 paper fed by the button, bit 5 stopped at paper end, bit 6 error
//   n = 3 error cause:   bit 3 autocutter error, bit 5 unrecoverable error, bit 6 auto-recoverable error
//   n = 4 paper sensor:  bits 2-3 roll near its end, bits 5-6 paper end

export type EscposStatusKind = 1 | 2 | 3 | 4;

export const escposStatusRequest = (n: EscposStatusKind): Uint8Array => Uint8Array.of(0x10, 0x04, n);

export interface EscposStatus {
  readonly drawerSignal?: boolean;
  readonly offline?: boolean;
  readonly coverOpen?: boolean;
  readonly feedButton?: boolean;
  readonly stoppedAtPaperEnd?: boolean;
  readonly error?: boolean;
  readonly cutterError?: boolean;
  readonly unrecoverableError?: boolean;
  readonly recoverableError?: boolean;
  readonly paperNearEnd?: boolean;
  readonly paperEnd?: boolean;
}

const on = (byte: number, mask: number) => (byte & mask) === mask;

/** The answer to DLE EOT n, decoded; throws on a byte that is not a status byte. */
export const escposStatusOf = (n: EscposStatusKind, byte: number): EscposStatus => {
  if ((byte & 0x93) !== 0x12) throw new RangeError(`not an ESC/POS status byte: 0x${byte.toString(16)}`);
  switch (n) {
    case 1:
      return { drawerSignal: on(byte, 0x04), offline: on(byte, 0x08) };
    case 2:
      return {
        coverOpen: on(byte, 0x04),
        feedButton: on(byte, 0x08),
        stoppedAtPaperEnd: on(byte, 0x20),
        error: on(byte, 0x40),
      };
    case 3:
      return {
        cutterError: on(byte, 0x08),
        unrecoverableError: on(byte, 0x20),
        recoverableError: on(byte, 0x40),
      };
    case 4:
      return { paperNearEnd: on(byte, 0x0c), paperEnd: on(byte, 0x60) };
  }
};
