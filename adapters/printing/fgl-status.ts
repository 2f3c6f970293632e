// What a Boca printer says back over the same connection, one byte at a time (with status
// reporting enabled, the factory default on the network models). In its normal mode the
// printer sends each status once, unasked, when it changes: a ticket ACK after every ticket it
// has printed, OUT OF PAPER when the stock runs out, X-ON when it is ready again, and so on.
// A status request (<S1>) is answered only by a ready printer, with X-ON; a printer out of
// paper or jammed stays silent until it is ready, having already said why. Tickets received
// while it is out of paper are kept and printed once stock is loaded.

export const FGL_STATUS = {
  ticketAck: 0x06,
  lowPaper: 0x0f,
  outOfPaper: 0x10,
  xOn: 0x11,
  powerOn: 0x12,
  xOff: 0x13,
  nak: 0x15,
  ticketRemoved: 0x16,
  paperJam: 0x18,
  illegalData: 0x19,
  powerUpProblem: 0x1a,
  downloadError: 0x1c,
  cutterJam: 0x1d,
} as const;

export type FglStatus = keyof typeof FGL_STATUS;

const BY_BYTE = new Map<number, FglStatus>(
  (Object.entries(FGL_STATUS) as [FglStatus, number][]).map(([name, byte]) => [byte, name]),
);

/** The status a byte from the printer stands for; undefined for a byte FGL does not define. */
export const fglStatusOf = (byte: number): FglStatus | undefined => BY_BYTE.get(byte);

/** Statuses after which the printer prints nothing until someone attends to it. */
export const FGL_FAULTS: ReadonlySet<FglStatus> = new Set([
  'outOfPaper',
  'paperJam',
  'cutterJam',
  'powerUpProblem',
]);
