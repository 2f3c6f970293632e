import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

const unescape = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('escapeHtml', () => {
  it('leaves no character HTML reads as markup, and reads back as the text typed', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '&', '<', '>', '"', "'", 'é', ';', '#') }),
        (text) => {
          const html = escapeHtml(text);
          expect(html).not.toMatch(/[<>"']/);
          expect(html.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
          expect(unescape(html)).toBe(text);
        },
      ),
    );
  });

  it('writes the five characters as entities', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });
});
