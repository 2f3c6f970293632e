import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium (apt-get install -y chromium), never a downloaded browser: these machines reach
// no download host, so 'npx playwright install' fails; playwright-core drives the Debian build.
// Without the background-networking flags below, Chromium's own calls home are refused by the
// closed network many times a start.
export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium's own omnibox popup is a WebUI page: every new context (a window) starts a
  // renderer for it that burns 1-2 s of CPU while the page under test loads. A headless
  // browser has no omnibox; on a 2-core machine that renderer took half the seat map's time.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI',
];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
