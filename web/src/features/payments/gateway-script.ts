// Loading a payment gateway's script (Stripe.js, the PayPal JS SDK) into the payment page.
// The load is retried up to 4 times (a flaky network often loads it the next time), then an
// error modal; the retry waits 400 x (6 minus remaining) ms, and a script that has loaded gets
// 700 ms to define its global before the attempt counts as failed.

export const SCRIPT_RETRIES = 4;
export const SCRIPT_LOAD_DELAY_MS = 700;

/** The wait before a retry, `remaining` retries left (4, 3, 2, 1): 800, 1200, 1600, 2000 ms. */
export const scriptRetryDelay = (remaining: number): number => 400 * (6 - remaining);

export interface ScriptLoading {
  /** Adds the script element once; resolves when it has loaded, rejects when it failed. */
  readonly inject: (url: string) => Promise<void>;
  /** The gateway's global (window.Stripe, window.paypal) once the script has run. */
  readonly global: () => unknown;
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * The gateway's global after loading `url`, retried on the schedule above. Pure over `loading`
 * (the browser's version is `browserScripts`), so the schedule can be tested without a page.
 */
export const loadWithRetries = async <T>(url: string, loading: ScriptLoading): Promise<T> => {
  for (let remaining = SCRIPT_RETRIES; ; remaining--) {
    try {
      await loading.inject(url);
      if (!loading.global()) await loading.sleep(SCRIPT_LOAD_DELAY_MS);
      const value = loading.global();
      if (value) return value as T;
    } catch {
      // a failed load: retried below
    }
    if (remaining === 0) throw new Error(`The payment gateway script ${url} could not be loaded.`);
    await loading.sleep(scriptRetryDelay(remaining));
  }
};

const injectScript = (url: string) =>
  new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.gateway = 'true';
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove(); // the next attempt adds a fresh element
      reject(new Error(`could not load ${url}`));
    };
    document.head.append(script);
  });

const loads = new Map<string, Promise<unknown>>();

/** Loads a gateway script once per page (a failure is tried afresh next time). */
export const loadGatewayScript = <T>(url: string, globalName: 'Stripe' | 'paypal'): Promise<T> => {
  let load = loads.get(url);
  if (!load) {
    load = loadWithRetries<T>(url, {
      inject: injectScript,
      global: () => (window as unknown as Record<string, unknown>)[globalName],
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
    load.catch(() => loads.delete(url));
    loads.set(url, load);
  }
  return load as Promise<T>;
};
