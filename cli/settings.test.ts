import { describe, expect, it } from 'vitest';
import { cliWorld, runFoyer } from './test-cli.ts';

// `foyer settings currency` as an operator types it: bad codes refused with nothing changed, the
// current one shown, a new one saved and audited.
const world = cliWorld('foyer-settings-cli-');
const foyer = (args: string[]) => runFoyer(world, args);
const saved = async () =>
  world.db('account_settings').where({ id: 1 }).first('house_currency', 'house_currency_locale');

describe('foyer settings currency', { timeout: 120_000 }, () => {
  it('refuses a code that is not ISO 4217, one no locale writes, and a locale of another currency', async () => {
    const made = await foyer(['settings', 'currency', 'XYZ']);
    expect(made.code).toBe(2);
    expect(made.stderr).toContain("'XYZ' is not an ISO 4217 currency code");
    const yen = await foyer(['settings', 'currency', 'JPY']);
    expect(yen.code).toBe(2);
    expect(yen.stderr).toContain('No currency locale writes JPY');
    const mismatch = await foyer(['settings', 'currency', 'GBP', '--locale', 'en-us']);
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toContain("'en-us' does not write GBP; use one of en-gb");
    expect(await saved()).toEqual({ house_currency: 'USD', house_currency_locale: 'en-us' });
    expect(await world.db('audit_log').where({ action: 'settings.housecurrency' })).toEqual([]);
  });

  it('shows the demo’s USD, sets GBP written as en-gb, and audits the change', async () => {
    const shown = await foyer(['settings', 'currency']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout.trim()).toBe('USD (en-us)');

    const set = await foyer(['settings', 'currency', 'gbp']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('now GBP (en-gb) (was USD (en-us))');
    expect(await saved()).toEqual({ house_currency: 'GBP', house_currency_locale: 'en-gb' });
    const audit = await world.db('audit_log').where({ action: 'settings.housecurrency' });
    expect(audit).toHaveLength(1);
    expect(audit[0].actor).toMatch(/^cli:/);

    const again = await foyer(['settings', 'currency', 'GBP', '--locale', 'en-GB']);
    expect(again.stdout).toContain('already. Nothing changed.');
    expect((await foyer(['settings', 'currency'])).stdout.trim()).toBe('GBP (en-gb)');

    // A membership type made from now on starts in the house currency (the column's default).
    const tag = await world.db('customer_tag_types').where({ kind: 'Membership' }).first('id');
    const [type] = await world
      .db('membership_types')
      .insert({
        code: 'SETTINGS',
        name: 'Settings test',
        duration_months: 12,
        customer_tag_type_id: tag.id,
        time_zone: 'Europe/London',
      })
      .returning('currency');
    expect(type.currency).toBe('GBP');
  });
});
