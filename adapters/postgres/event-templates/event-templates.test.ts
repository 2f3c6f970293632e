import { Effect, Exit } from 'effect';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTemplates } from '../../../core/event-templates/ports.ts';
import { settingsFactory } from '../../../core/event-templates/test-templates.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { EventTemplatesPostgres } from './event-templates.ts';
import { TemplateMailTextsPostgres } from './template-mail-texts.ts';
import { TemplateMailTexts } from '../../../core/event-templates/ports.ts';

// The template store on PostgreSQL: a save is one conditional update on (id, version), so of two
// saves from the same version exactly one wins, and the loser changes nothing, words included.

let db: Knex;
let drop: () => Promise<void>;
let staff: { staffUserId: number; email: string };

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 6 });
  const row = (await db('staff_users').first('id', 'email')) as { id: number; email: string };
  staff = { staffUserId: row.id, email: row.email };
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const run = <A, E>(use: (s: EventTemplates['Service']) => Effect.Effect<A, E>) =>
  Effect.runPromiseExit(EventTemplates.use(use).pipe(Effect.provide(EventTemplatesPostgres(db))));

const make = async (code: string) => {
  const exit = await run((s) => s.create(settingsFactory({ code }), false, staff));
  if (!Exit.isSuccess(exit)) throw new Error(String(exit.cause));
  return exit.value;
};

describe('saving at a version', () => {
  it('of two saves from the same version, exactly one wins; the other is refused as stale', async () => {
    for (let round = 0; round < 5; round++) {
      const template = await make(`RACE${round}`);
      const save = (name: string, french: string) =>
        run((s) =>
          s.update(
            template.id,
            template.version,
            settingsFactory({
              code: `RACE${round}`,
              name,
              texts: {
                en: { displayName: name, description: null, confirmationEmailText: null },
                fr: { displayName: french, description: null, confirmationEmailText: null },
              },
            }),
            false,
            staff,
          ),
        );
      const [a, b] = await Promise.all([save('Alice', 'Alice-fr'), save('Bob', 'Bob-fr')]);
      const winners = [a, b].filter(Exit.isSuccess);
      expect(winners).toHaveLength(1);
      const loser = [a, b].find(Exit.isFailure)!;
      expect(JSON.stringify(loser.cause)).toContain('TemplateVersionStale');
      const stored = (await db('event_templates').where({ id: template.id }).first()) as {
        name: string;
        version: number;
      };
      const french = await db('event_template_texts')
        .where({ event_template_id: template.id, language: 'fr' })
        .first();
      expect(stored.version).toBe(template.version + 1);
      // The winner's words, all of them: nothing of the loser's got in.
      expect(french.display_name).toBe(`${stored.name}-fr`);
    }
  });

  it('control: without the version predicate both saves go through and the first is silently lost', async () => {
    const template = await make('CONTROL');
    const naive = (name: string) =>
      db.transaction(async (trx) => {
        const { version } = (await trx('event_templates').where({ id: template.id }).first('version')) as {
          version: number;
        };
        await trx('event_templates')
          .where({ id: template.id })
          .update({ name, version: version + 1 });
        return 1;
      });
    const results = await Promise.all([naive('Alice'), naive('Bob')]);
    expect(results).toEqual([1, 1]);
  });

  it('a stale archive or seat-map change changes nothing', async () => {
    const template = await make('STALEARCH');
    await run((s) => s.setArchived(template.id, template.version, true, staff));
    const again = await run((s) => s.setArchived(template.id, template.version, false, staff));
    expect(Exit.isFailure(again)).toBe(true);
    expect((await db('event_templates').where({ id: template.id }).first()).is_archived).toBe(true);
  });
});

describe("a template's e-mail text for an order", () => {
  it("is the order language's text, else English, else none", async () => {
    const template = await make('MAILTEXT');
    const configuration = (await db('venue_configurations').first('id')) as { id: number };
    const [event] = (await db('events')
      .insert({
        event_template_id: template.id,
        venue_configuration_id: configuration.id,
        name: 'Mail text',
        url_safe_name: 'mail-text',
        starts_at: new Date('2027-01-01T19:30:00Z'),
        on_sale_at: new Date('2026-01-01T00:00:00Z'),
      })
      .returning('id')) as { id: number }[];
    const texts = (language: 'en' | 'fr' | 'de') =>
      Effect.runPromise(
        TemplateMailTexts.use((t) => t.forEvents([event!.id], language)).pipe(
          Effect.provide(TemplateMailTextsPostgres(db)),
        ),
      );
    expect((await texts('fr')).size).toBe(0);
    await db('event_template_texts').insert([
      { event_template_id: template.id, language: 'en', confirmation_email_text: 'Doors at 7.' },
      { event_template_id: template.id, language: 'fr', confirmation_email_text: 'Portes à 19 h.' },
    ]);
    expect((await texts('fr')).get(event!.id)).toBe('Portes à 19 h.');
    expect((await texts('de')).get(event!.id)).toBe('Doors at 7.');
  });
});
