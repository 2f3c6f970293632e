import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { ImageVariant, TemplateActor } from '../../../core/event-templates/ports.ts';
import { audit, inTransaction, updateAtVersion } from './template-writes.ts';

// Images by content hash (event_template_images, migrations/20261218000200_event_template_texts.ts):
// the URL names the bytes, so it never changes meaning and may be cached for good; the same
// picture uploaded twice is stored once. In the database so every web node serves it.

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

export const IMAGE_PATH = '/api/eventtemplates/images/';

export const imageUrlOf = (hash: string, contentType: string) =>
  `${IMAGE_PATH}${hash}.${EXTENSIONS[contentType] ?? 'bin'}`;

const store = async (trx: Knex.Transaction, image: ImageVariant) => {
  const hash = createHash('sha256').update(image.bytes).digest('hex');
  await trx('event_template_images')
    .insert({
      hash,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      bytes: Buffer.from(image.bytes),
    })
    .onConflict('hash')
    .ignore();
  return imageUrlOf(hash, image.contentType);
};

export const setTemplateImages = async (
  db: Knex,
  id: number,
  expectedVersion: number,
  images: { readonly series: ImageVariant; readonly email: ImageVariant },
  by: TemplateActor,
) =>
  inTransaction(db, null, async (trx) => {
    const imageUrl = await store(trx, images.series);
    const mobileImageUrl = await store(trx, images.email);
    await updateAtVersion(trx, id, expectedVersion, {
      image_url: imageUrl,
      mobile_image_url: mobileImageUrl,
    });
    await audit(trx, by, 'eventTemplates.image', { templateId: id, imageUrl, mobileImageUrl });
  });

/** The stored image of `hash`, or null. */
export const readImage = async (db: Knex, hash: string) => {
  const row = (await db('event_template_images').where({ hash }).first('content_type', 'bytes')) as
    { content_type: string; bytes: Buffer } | undefined;
  return row ? { contentType: row.content_type, bytes: row.bytes } : null;
};
