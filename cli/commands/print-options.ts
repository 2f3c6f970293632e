import type { PrintQueueOptions } from '../../adapters/printing/print-runner.ts';

// How the command line's print runs wait (adapters/printing/print-runner.ts): the defaults there,
// or these environment variables (tests shorten them): PRINT_TICKET_DELAY_MS (between tickets of a
// printer that does not confirm each), PRINT_ACK_TIMEOUT_MS, PRINT_FAULT_WAIT_MS (how long a
// printer fault waits for someone to load paper or clear a jam), PRINT_CONNECT_TIMEOUT_MS.

const ms = (name: string): number | undefined => {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

export const printQueueOptions = (): PrintQueueOptions => {
  const pick = (key: keyof PrintQueueOptions, env: string) => {
    const n = ms(env);
    return n === undefined ? {} : { [key]: n };
  };
  return {
    ...pick('ticketDelayMs', 'PRINT_TICKET_DELAY_MS'),
    ...pick('ackTimeoutMs', 'PRINT_ACK_TIMEOUT_MS'),
    ...pick('faultWaitMs', 'PRINT_FAULT_WAIT_MS'),
    ...pick('connectTimeoutMs', 'PRINT_CONNECT_TIMEOUT_MS'),
  };
};
