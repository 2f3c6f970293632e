import type { Command } from 'commander';
import { CliError, exitCodes } from '../context.ts';
import { chooseHouseCurrency, type HouseCurrency } from '../../core/accounts/house-currency.ts';

// `foyer settings currency [CODE] [--locale L]`: the house currency, what gift certificates are
// sold in and a new membership type's currency (core/accounts/house-currency.ts). Arguments
// are checked here, before the database opens; the work is in settings-run.ts.

/** The ISO 4217 codes this runtime knows. */
const supportedCurrencies = (): readonly string[] => Intl.supportedValuesOf('currency');

export const parseHouseCurrency = (code: string, locale: string | undefined): HouseCurrency => {
  const chosen = chooseHouseCurrency(code, locale ?? null, supportedCurrencies());
  if (!chosen.ok) throw new CliError(chosen.problem.message, exitCodes.usage);
  return chosen.currency;
};

export const registerSettings = (program: Command) => {
  const settings = program.command('settings').description('box-office settings');
  settings
    .command('currency')
    .description(
      'show or set the house currency: what gift certificates are sold in and a new membership type’s currency (events use their venue’s)',
    )
    .argument('[code]', 'an ISO 4217 code such as GBP; without it, print the current one')
    .option(
      '--locale <key>',
      'how amounts are written, such as en-gb (default: the first locale that writes the code)',
    )
    .action(async (code: string | undefined, options: { locale?: string }) => {
      const run = await import('./settings-run.ts');
      if (code === undefined) {
        if (options.locale !== undefined)
          throw new CliError(
            '--locale: give the currency code too, such as GBP --locale en-gb.',
            exitCodes.usage,
          );
        return run.showHouseCurrencyCommand();
      }
      return run.setHouseCurrencyCommand(parseHouseCurrency(code, options.locale));
    });
};
