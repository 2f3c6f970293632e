import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkImage, IMAGE_MAX_BYTES, imageTypeOf } from './template-image.ts';

const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];

const withTail = (head: number[]) =>
  fc.uint8Array({ maxLength: 64 }).map((tail) => new Uint8Array([...head, ...tail]));

describe('an uploaded image', () => {
  it('is told by its first bytes: JPEG, PNG, WebP', () => {
    fc.assert(
      fc.property(withTail(JPEG), (b) => {
        expect(imageTypeOf(b)).toBe('image/jpeg');
      }),
    );
    fc.assert(
      fc.property(withTail(PNG), (b) => {
        expect(imageTypeOf(b)).toBe('image/png');
      }),
    );
    fc.assert(
      fc.property(withTail(WEBP), (b) => {
        expect(imageTypeOf(b)).toBe('image/webp');
      }),
    );
  });

  it('anything else is refused (a GIF, a PDF, text)', () => {
    for (const head of ['GIF89a', '%PDF-1.7', '<svg xmlns'])
      expect(checkImage(new TextEncoder().encode(head))).toMatchObject({ ok: false });
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        const checked = checkImage(bytes);
        expect(checked.ok).toBe(imageTypeOf(bytes) !== null);
      }),
    );
  });

  it('is refused over 5 MB and accepted at 5 MB', () => {
    const at = new Uint8Array(IMAGE_MAX_BYTES);
    at.set(PNG);
    expect(checkImage(at)).toEqual({ ok: true, type: 'image/png' });
    const over = new Uint8Array(IMAGE_MAX_BYTES + 1);
    over.set(PNG);
    expect(checkImage(over)).toEqual({ ok: false, reason: 'The image is larger than 5 MB.' });
  });
});
