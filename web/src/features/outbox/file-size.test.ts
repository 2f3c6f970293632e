import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size.ts';

describe('fileSize', () => {
  it('writes sizes in bytes, KB and MB', () => {
    expect(fileSize(0)).toBe('0 B');
    expect(fileSize(1023)).toBe('1023 B');
    expect(fileSize(1024)).toBe('1.0 KB');
    expect(fileSize(20_590)).toBe('20.1 KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('never shows more than four digits before the unit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (n) => {
        expect(fileSize(n)).toMatch(/^\d{1,4}(\.\d)? (B|KB|MB|GB)$/);
      }),
    );
  });
});
