import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The storefront's index.html as built, read again when a build replaces it, and the hashes of
// the scripts written into it (the early script, web/vite.config.ts). The Content-Security-Policy
// allows those scripts by hash and no other inline script (security-headers.ts).

/** The text of a page's inline scripts: its <script> elements without src. */
export const inlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes = '']) => !/\ssrc\s*=/i.test(` ${attributes}`))
    .map(([, , body = '']) => body);

/** CSP sources ('sha256-...') of a page's inline scripts. */
export const inlineScriptHashes = (html: string): string[] =>
  inlineScripts(html).map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);

const none: readonly string[] = Object.freeze([]);

export interface StorefrontPage {
  /** index.html, or undefined while the storefront is not built. */
  html(): string | undefined;
  /** The CSP sources of its inline scripts (none while it is not built). */
  scriptHashes(): readonly string[];
}

/**
 * The page is looked at again on every read of it (a page request), and at most once a second for
 * its hashes, which go on every response: a policy a second old only slows the page after a
 * rebuild (its early script is refused and the app asks for the data itself).
 */
export const storefrontPage = (distDir: string, now: () => number = Date.now): StorefrontPage => {
  const file = path.join(distDir, 'index.html');
  let page: { mtimeMs: number; html: string; hashes: readonly string[] } | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  const current = () => {
    checkedAt = now();
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) page = undefined;
    else if (page?.mtimeMs !== stat.mtimeMs) {
      const html = readFileSync(file, 'utf8');
      page = { mtimeMs: stat.mtimeMs, html, hashes: inlineScriptHashes(html) };
    }
    return page;
  };
  return {
    html: () => current()?.html,
    // The same list while nothing changed, so the policy built from it is kept (security-headers.ts).
    scriptHashes: () => (now() - checkedAt < 1000 ? page : current())?.hashes ?? none,
  };
};
