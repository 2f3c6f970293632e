import { createBrowserHistory, type HistoryLocation } from '@tanstack/react-router';
import { withoutTrailingSlash } from './trailing-slash.ts';

// Routing tolerates trailing slashes. The router would match /x/ as /x
// but keep /x/ in the address bar (and a redirect to /x counts as "the same location" and
// loops), so the history itself reads /x/ as /x and quietly corrects the address bar. The
// prototype's replaceState is used because the router's history wraps the instance's.
const replaceAddress = (url: string) =>
  History.prototype.replaceState.call(window.history, window.history.state, '', url);

export const createCanonicalHistory = () =>
  createBrowserHistory({
    parseLocation: (): HistoryLocation => {
      const { pathname, search, hash } = window.location;
      const canonical = withoutTrailingSlash(pathname);
      if (canonical !== pathname) replaceAddress(`${canonical}${search}${hash}`);
      return {
        href: `${canonical}${search}${hash}`,
        pathname: canonical,
        search,
        hash,
        state: window.history.state ?? { __TSR_index: 0 },
      };
    },
  });
