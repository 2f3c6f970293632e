import { loadConfig } from '../../adapters/config.ts';
import { printQueueOptionsOf } from '../../adapters/printing/print-options.ts';
import type { PrintQueueOptions } from '../../adapters/printing/print-runner.ts';

/** How the command line's print runs wait (PRINT_* in adapters/config.ts; tests shorten them). */
export const printQueueOptions = (): PrintQueueOptions => printQueueOptionsOf(loadConfig());
