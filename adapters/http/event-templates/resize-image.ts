import { Effect, Layer } from 'effect';
import sharp from 'sharp';
import { ImageResizer, type ImageVariant } from '../../../core/event-templates/ports.ts';

// Uploaded images resized with sharp (libvips): each width (never enlarged), turned upright by its
// EXIF orientation, its metadata (camera, place) left out, saved as WebP for the series page and as
// JPEG for the e-mail (mail clients that draw no WebP still draw JPEG). A file libvips cannot
// decode is refused, not stored.

const variant = async (bytes: Uint8Array, width: number, format: 'webp' | 'jpeg'): Promise<ImageVariant> => {
  const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  const { data, info } = await (
    format === 'webp' ? pipeline.webp({ quality: 82 }) : pipeline.jpeg({ quality: 82 })
  ).toBuffer({ resolveWithObject: true });
  return {
    bytes: new Uint8Array(data),
    contentType: format === 'webp' ? 'image/webp' : 'image/jpeg',
    width: info.width,
    height: info.height,
  };
};

export const SharpImageResizer = () =>
  Layer.succeed(ImageResizer, {
    resize: (bytes, widths) =>
      Effect.promise(async () => {
        try {
          return {
            series: await variant(bytes, widths.series, 'webp'),
            email: await variant(bytes, widths.email, 'jpeg'),
          };
        } catch {
          return null;
        }
      }),
  });
