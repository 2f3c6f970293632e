// What every after-sale use case (cancel tickets, refund, exchange, event cancellation) shares:
// who does it. Staff act through the staff screens with their session; the operator acts on the command
// line, with no staff row behind them.

/** Who cancels, refunds or exchanges: recorded on every row the change writes. */
export interface AfterSaleActor {
  /** The staff member; null for the command-line operator. */
  readonly staffUserId: number | null;
  /** The staff member's name or e-mail, or `cli:<os user>` on the command line. */
  readonly name: string;
  /** The counter from the POS settings; null on the command line. */
  readonly counter: string | null;
}

/** The command-line operator as an actor (cli/ passes the OS user's name). */
export const cliActor = (osUser: string): AfterSaleActor => ({
  staffUserId: null,
  name: `cli:${osUser}`,
  counter: null,
});
