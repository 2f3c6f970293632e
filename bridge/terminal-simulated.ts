import { randomBytes } from 'node:crypto';
import { RpcError } from './rpc-error.ts';
import type { Tender, TenderRequest, TerminalDriver } from './terminal.ts';

// A card reader that needs no hardware, for training and tests: a tender is approved about a
// second after it is submitted, paid by Visa 4242, except an amount ending in 01 (10.01, 1001
// minor units), which is declined 'Card declined' so the decline path can be tried at the counter.
// Tenders live as long as the bridge runs.

interface Record {
  readonly id: string;
  readonly request: TenderRequest;
  readonly submittedAt: number;
  cancelled: boolean;
}

export const SIMULATED_READER = 'Simulated reader';

export const simulatedTerminal = (approvalMs = 1000): TerminalDriver => {
  const tenders = new Map<string, Record>();
  const view = (record: Record): Tender => {
    if (record.cancelled) return { TenderId: record.id, Status: 'cancelled' };
    if (Date.now() - record.submittedAt < approvalMs) return { TenderId: record.id, Status: 'pending' };
    if (record.request.amount % 100 === 1)
      return { TenderId: record.id, Status: 'declined', Message: 'Card declined' };
    return { TenderId: record.id, Status: 'approved', CardBrand: 'Visa', Last4: '4242' };
  };
  const find = (tenderId: string): Record => {
    const record = tenders.get(tenderId);
    if (record === undefined)
      throw new RpcError(
        404,
        `No tender ${tenderId} on this bridge (tenders are forgotten when it restarts).`,
      );
    return record;
  };
  return {
    kind: 'simulated',
    ready: async () => ({ Ready: true, Reader: SIMULATED_READER }),
    submit: async (request) => {
      const record: Record = {
        id: `t_${randomBytes(12).toString('base64url')}`,
        request,
        submittedAt: Date.now(),
        cancelled: false,
      };
      tenders.set(record.id, record);
      return view(record);
    },
    status: async (tenderId) => view(find(tenderId)),
    cancel: async (tenderId) => {
      const record = find(tenderId);
      const now = view(record);
      if (now.Status === 'approved')
        throw new RpcError(409, `Tender ${tenderId} is already approved: refund it instead of cancelling.`);
      if (now.Status === 'declined')
        throw new RpcError(409, `Tender ${tenderId} was declined: there is nothing to cancel.`);
      record.cancelled = true;
      return view(record);
    },
  };
};
