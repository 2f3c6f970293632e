import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { TemplateNotFound } from '../../../core/event-templates/errors.ts';
import { EventTemplates } from '../../../core/event-templates/ports.ts';
import { englishProblems } from '../../../core/event-templates/template-texts.ts';
import { copyTemplate } from './copy-template.ts';
import { readImage, setTemplateImages } from './template-images.ts';
import { findTemplate, listConfigurations, listTemplates } from './template-rows.ts';
import {
  archiveTemplate,
  changeTemplateConfiguration,
  insertTemplate,
  Refused,
  updateTemplate,
} from './template-writes.ts';

// The EventTemplates port on PostgreSQL (core/event-templates/ports.ts).

type RefusalOf<E> = E;

/** A store call: its refusal (thrown out of the transaction) as the typed failure. */
const attempt = <A, E>(work: () => Promise<A>) =>
  Effect.tryPromise({ try: work, catch: (error) => error }).pipe(
    Effect.catch((error) =>
      error instanceof Refused ? Effect.fail(error.refusal as RefusalOf<E>) : Effect.die(error),
    ),
  );

export const EventTemplatesPostgres = (db: Knex) => {
  const reread = (id: number) =>
    Effect.promise(() => findTemplate(db, id)).pipe(
      Effect.flatMap((t) => (t ? Effect.succeed(t) : Effect.die(new TemplateNotFound({ templateId: id })))),
    );
  return Layer.succeed(EventTemplates, {
    list: () => Effect.promise(() => listTemplates(db)),
    find: (id) => Effect.promise(() => findTemplate(db, id)),
    configurations: () => Effect.promise(() => listConfigurations(db)),
    create: (settings, englishIncomplete, by) =>
      attempt(() => insertTemplate(db, settings, englishIncomplete, by)).pipe(Effect.flatMap(reread)),
    update: (id, version, settings, englishIncomplete, by) =>
      attempt(() => updateTemplate(db, id, version, settings, englishIncomplete, by)).pipe(
        Effect.flatMap(() => reread(id)),
      ),
    setArchived: (id, version, archived, by) =>
      attempt(() => archiveTemplate(db, id, version, archived, by)).pipe(Effect.flatMap(() => reread(id))),
    changeConfiguration: (id, version, configurationId, by) =>
      attempt(() => changeTemplateConfiguration(db, id, version, configurationId, by)).pipe(
        Effect.flatMap(() => reread(id)),
      ),
    copy: (request, settings, by) =>
      attempt(() => copyTemplate(db, request, settings, englishProblems(settings.texts).length > 0, by)).pipe(
        Effect.flatMap(reread),
      ),
    setImages: (id, version, images, by) =>
      attempt(() => setTemplateImages(db, id, version, images, by)).pipe(Effect.flatMap(() => reread(id))),
    image: (hash) => Effect.promise(() => readImage(db, hash)),
  } as EventTemplates['Service']);
};
