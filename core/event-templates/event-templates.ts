import { Effect } from 'effect';
import { copySettings, type CopyRequest } from './copy-rules.ts';
import { TemplateInvalid, TemplateNotFound } from './errors.ts';
import { EventTemplates, ImageResizer, type TemplateActor } from './ports.ts';
import { checkImage, IMAGE_SIZES } from './template-image.ts';
import { checkTemplateSettings, type TemplateSettings } from './template-settings.ts';

// The staff's event template use cases (permission manageEvents, checked by the HTTP adapter):
// list, read, create, save, archive, copy, change the seat map, upload an image. Every refusal
// changes nothing; every change is audited by the store in its transaction.

const invalid = (problems: readonly { field: string; reason: string }[]) =>
  Effect.fail(new TemplateInvalid({ problems }));

export const listTemplates = () => EventTemplates.use((store) => store.list());

export const listConfigurations = () => EventTemplates.use((store) => store.configurations());

/** A stored image by the hash of its bytes (null: none). */
export const readImage = (hash: string) => EventTemplates.use((store) => store.image(hash));

export const readTemplate = (id: number) =>
  Effect.gen(function* () {
    const template = yield* EventTemplates.use((store) => store.find(id));
    if (!template) return yield* Effect.fail(new TemplateNotFound({ templateId: id }));
    return template;
  });

export const createTemplate = (input: TemplateSettings, by: TemplateActor) =>
  Effect.gen(function* () {
    const checked = checkTemplateSettings(input);
    if (!checked.ok) return yield* invalid(checked.problems);
    return yield* EventTemplates.use((store) =>
      store.create(checked.settings, checked.englishIncomplete, by),
    );
  });

export const saveTemplate = (id: number, version: number, input: TemplateSettings, by: TemplateActor) =>
  Effect.gen(function* () {
    const checked = checkTemplateSettings(input);
    if (!checked.ok) return yield* invalid(checked.problems);
    return yield* EventTemplates.use((store) =>
      store.update(id, version, checked.settings, checked.englishIncomplete, by),
    );
  });

export const archiveTemplate = (id: number, version: number, archived: boolean, by: TemplateActor) =>
  EventTemplates.use((store) => store.setArchived(id, version, archived, by));

export const changeConfiguration = (
  id: number,
  version: number,
  configurationId: number,
  by: TemplateActor,
) => EventTemplates.use((store) => store.changeConfiguration(id, version, configurationId, by));

export const copyTemplate = (request: CopyRequest, by: TemplateActor) =>
  Effect.gen(function* () {
    const source = yield* readTemplate(request.sourceId);
    const checked = copySettings(source.settings, request);
    if (!checked.ok) return yield* invalid(checked.problems);
    return yield* EventTemplates.use((store) => store.copy(request, checked.settings, by));
  });

export const uploadImage = (id: number, version: number, bytes: Uint8Array, by: TemplateActor) =>
  Effect.gen(function* () {
    const checked = checkImage(bytes);
    if (!checked.ok) return yield* invalid([{ field: 'Image', reason: checked.reason }]);
    const images = yield* ImageResizer.use((resizer) => resizer.resize(bytes, IMAGE_SIZES));
    if (!images) return yield* invalid([{ field: 'Image', reason: 'This image file could not be read.' }]);
    return yield* EventTemplates.use((store) => store.setImages(id, version, images, by));
  });
