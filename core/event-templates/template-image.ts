// An image staff upload for a series: JPEG, PNG or WebP, told by its first bytes (never by the
// name or the type the browser claims), at most 5 MB. It is resized for the series page and the
// e-mail before it is stored (adapters/http/event-templates/resize-image.ts).

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

/** The image's type by its signature, or null for anything else. */
export const imageTypeOf = (bytes: Uint8Array): ImageType | null => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
};

export type ImageCheck =
  { readonly ok: true; readonly type: ImageType } | { readonly ok: false; readonly reason: string };

export const checkImage = (bytes: Uint8Array): ImageCheck => {
  if (bytes.length === 0) return { ok: false, reason: 'Please choose an image file.' };
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, reason: 'The image is larger than 5 MB.' };
  const type = imageTypeOf(bytes);
  return type ? { ok: true, type } : { ok: false, reason: 'The image must be a JPEG, PNG or WebP file.' };
};

/** The sizes made of every upload: the series page's banner and the e-mail's (its width in pixels). */
export const IMAGE_SIZES = { series: 1200, email: 600 } as const;
