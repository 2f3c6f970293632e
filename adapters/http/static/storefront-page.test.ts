import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes, storefrontPage } from './storefront-page.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the hashes of a page’s inline scripts', () => {
  it('hashes each inline script’s text exactly, and leaves scripts loaded from a file out', () => {
    const html = [
      '<!doctype html><html><head>',
      '<meta name="foyer-reads" content="/api/events/1">',
      '<script>(function(){fetch(`/a`)})()</script>',
      '<script type="module" crossorigin src="/assets/app.js"></script>',
      '<SCRIPT data-x="1">\n  let é = "<b>";\n</SCRIPT >',
      '<script src=/assets/old.js></script>',
      '</head></html>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([
      sha256('(function(){fetch(`/a`)})()'),
      sha256('\n  let é = "<b>";\n'),
    ]);
    expect(inlineScriptHashes('<!doctype html><title>No scripts</title>')).toEqual([]);
  });

  it('finds every inline script among others, in order, whatever it holds', () => {
    const body = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((b) => !/<\/script/i.test(b));
    const script = fc.oneof(
      body.map((text) => ({ text, tag: `<script>${text}</script>` })),
      fc.constant({ text: null, tag: '<script type="module" src="/assets/x.js"></script>' }),
    );
    fc.assert(
      fc.property(fc.array(script, { maxLength: 5 }), (scripts) => {
        const html = `<head>${scripts.map((s) => s.tag).join('<meta charset="utf-8">')}</head>`;
        expect(inlineScriptHashes(html)).toEqual(
          scripts.flatMap((s) => (s.text === null ? [] : [sha256(s.text)])),
        );
      }),
    );
  });
});

describe('the storefront page', () => {
  let dist: string;
  let clock = 0;
  const now = () => clock;
  beforeEach(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'foyer-page-'));
    clock = 0;
  });
  afterEach(() => rm(dist, { recursive: true, force: true }));

  it('has no page and no hashes before the first build', () => {
    const page = storefrontPage(dist, now);
    expect(page.html()).toBeUndefined();
    expect(page.scriptHashes()).toEqual([]);
  });

  it('reads the page as it is now, and follows a new build in its hashes within a second', async () => {
    const page = storefrontPage(dist, now);
    expect(page.scriptHashes()).toEqual([]);
    await writeFile(path.join(dist, 'index.html'), '<head><script>one()</script></head>');
    expect(page.scriptHashes()).toEqual([]); // looked at under a second ago
    expect(page.html()).toBe('<head><script>one()</script></head>');
    const first = page.scriptHashes();
    expect(first).toEqual([sha256('one()')]);
    clock = 2500;
    expect(page.scriptHashes()).toBe(first); // nothing changed: the same list

    await writeFile(path.join(dist, 'index.html'), '<head><script>two()</script></head>');
    // A file system may keep whole seconds of modification time: set one that differs.
    await utimes(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    clock = 3000;
    expect(page.scriptHashes()).toEqual([sha256('one()')]);
    clock = 3600;
    expect(page.scriptHashes()).toEqual([sha256('two()')]);
    await writeFile(path.join(dist, 'index.html'), '<head><script>three()</script></head>');
    await utimes(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 10_000));
    expect(page.html()).toBe('<head><script>three()</script></head>');
  });
});
