import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM, CHROMIUM_ARGS } from '../../web/e2e/chromium.ts';

// Debian's Chromium driven over the DevTools protocol with nothing of its own in the page, for
// timing a page as its reader's browser would run it. Playwright (the browser tests) enables
// the Network and Runtime domains in every page and adds an isolated world of its own: the
// browser reports every response and execution context to DevTools, and the page's thread makes
// a second JavaScript context as it starts. Interleaved cold loads of the 20,000-seat map (ten
// each, two runs): through Playwright the map was drawn 170-220 ms later (medians); with only
// the Runtime or only the Network domain enabled, 85-120 ms later. Here a page enables the Page
// domain only, for its load event.

/** A JSON value, as the protocol carries them. */
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

interface Message {
  readonly id?: number;
  readonly method?: string;
  readonly sessionId?: string;
  readonly params?: { readonly [key: string]: Json };
  readonly result?: { readonly [key: string]: Json };
  readonly error?: { readonly message: string };
}

export interface BarePage {
  /** Opens the address and waits for its load event. */
  goto(url: string): Promise<void>;
  /**
   * The value of `fn(arg)` in the page, awaited there and copied back as JSON. `fn` is sent as
   * its source: it must not close over anything.
   */
  evaluate<R, A extends Json = null>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Closes the page and its browser context (its cache and storage go with it). */
  close(): Promise<void>;
}

export interface BareChromium {
  /** A page in a browser context of its own: nothing cached, nothing stored. */
  newPage(viewport: { width: number; height: number }): Promise<BarePage>;
  close(): Promise<void>;
}

/** Starts Chromium with the browser tests' flags, spoken to over a pipe (--remote-debugging-pipe). */
export const launchBareChromium = async (): Promise<BareChromium> => {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'foyer-bare-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_ARGS,
      '--lang=en-US',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let nextId = 0;
  const waiting = new Map<number, { resolve: (m: Message) => void; reject: (e: Error) => void }>();
  const listeners = new Set<(m: Message) => void>();
  let buffered = '';
  // Messages are JSON texts, each ended by a NUL byte.
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    const parts = (buffered + chunk).split('\0');
    buffered = parts.pop() ?? '';
    for (const part of parts) {
      const message = JSON.parse(part) as Message;
      const call = message.id === undefined ? undefined : waiting.get(message.id);
      if (call && message.id !== undefined) {
        waiting.delete(message.id);
        if (message.error) call.reject(new Error(message.error.message));
        else call.resolve(message);
      } else for (const listener of listeners) listener(message);
    }
  });
  const failAll = (why: string) => {
    for (const call of waiting.values()) call.reject(new Error(why));
    waiting.clear();
  };
  child.once('exit', () => failAll('Chromium exited'));
  child.once('error', (error) => failAll(error.message));

  const send = (method: string, params: { [key: string]: Json } = {}, sessionId?: string) =>
    new Promise<{ readonly [key: string]: Json }>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve: (m) => resolve(m.result ?? {}), reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  const nextEvent = (sessionId: string, method: string) =>
    new Promise<void>((resolve) => {
      const listener = (m: Message) => {
        if (m.sessionId !== sessionId || m.method !== method) return;
        listeners.delete(listener);
        resolve();
      };
      listeners.add(listener);
    });

  try {
    await send('Browser.getVersion');
  } catch (error) {
    child.kill();
    await rm(profile, { recursive: true, force: true });
    throw new Error(`Chromium did not start (${CHROMIUM}): ${String(error)}`, { cause: error });
  }

  return {
    newPage: async ({ width, height }) => {
      const { browserContextId } = (await send('Target.createBrowserContext')) as {
        browserContextId: string;
      };
      const { targetId } = (await send('Target.createTarget', { url: 'about:blank', browserContextId })) as {
        targetId: string;
      };
      const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
        sessionId: string;
      };
      await send(
        'Emulation.setDeviceMetricsOverride',
        { width, height, deviceScaleFactor: 1, mobile: false },
        sessionId,
      );
      await send('Emulation.setLocaleOverride', { locale: 'en-US' }, sessionId);
      await send('Page.enable', {}, sessionId);
      return {
        goto: async (url) => {
          const loaded = nextEvent(sessionId, 'Page.loadEventFired');
          const { errorText } = await send('Page.navigate', { url }, sessionId);
          if (typeof errorText === 'string' && errorText) throw new Error(`${url}: ${errorText}`);
          await loaded;
        },
        evaluate: async (fn, arg) => {
          const { result, exceptionDetails } = (await send(
            'Runtime.evaluate',
            {
              expression: `(${fn.toString()})(${JSON.stringify(arg ?? null)})`,
              awaitPromise: true,
              returnByValue: true,
            },
            sessionId,
          )) as { result?: { value?: unknown }; exceptionDetails?: { exception?: { description?: string } } };
          if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? 'the page threw');
          return result?.value as never;
        },
        close: async () => {
          await send('Target.disposeBrowserContext', { browserContextId });
        },
      };
    },
    close: async () => {
      await send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      child.kill();
      await rm(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
};
