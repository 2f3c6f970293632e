import type { Config } from '../config.ts';
import type { PrintQueueOptions } from './print-runner.ts';

/** How print runs wait: the PRINT_* settings of adapters/config.ts where set, else print-runner.ts's defaults. */
export const printQueueOptionsOf = (config: Config): PrintQueueOptions => ({
  ...(config.PRINT_TICKET_DELAY_MS === undefined ? {} : { ticketDelayMs: config.PRINT_TICKET_DELAY_MS }),
  ...(config.PRINT_ACK_TIMEOUT_MS === undefined ? {} : { ackTimeoutMs: config.PRINT_ACK_TIMEOUT_MS }),
  ...(config.PRINT_FAULT_WAIT_MS === undefined ? {} : { faultWaitMs: config.PRINT_FAULT_WAIT_MS }),
  ...(config.PRINT_CONNECT_TIMEOUT_MS === undefined
    ? {}
    : { connectTimeoutMs: config.PRINT_CONNECT_TIMEOUT_MS }),
});
