import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { TemplateMailTexts } from '../../../core/event-templates/ports.ts';

// The confirmation e-mail text of each event's template, in the asked language or else English
// (core/event-templates/template-texts.ts says the same for the screens).

export const TemplateMailTextsPostgres = (db: Knex) =>
  Layer.succeed(TemplateMailTexts, {
    forEvents: (eventIds, language) =>
      Effect.promise(async () => {
        if (eventIds.length === 0) return new Map<number, string>();
        const rows = (await db('events as e')
          .leftJoin('event_template_texts as own', (j) =>
            j.on('own.event_template_id', 'e.event_template_id').andOnVal('own.language', language),
          )
          .leftJoin('event_template_texts as en', (j) =>
            j.on('en.event_template_id', 'e.event_template_id').andOnVal('en.language', 'en'),
          )
          .whereIn('e.id', [...eventIds])
          .select(
            'e.id',
            db.raw(
              `coalesce(nullif(own.confirmation_email_text, ''), nullif(en.confirmation_email_text, '')) as text`,
            ),
          )) as { id: number; text: string | null }[];
        return new Map(rows.filter((r) => r.text).map((r) => [r.id, r.text!]));
      }),
  });
