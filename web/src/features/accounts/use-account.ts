import { useSyncExternalStore } from 'react';
import type { AccountAnswer } from '../../../../adapters/http/contract/account.ts';
import { fetchAccount, SIGNED_OUT } from './account-api.ts';
import { signedInKindFrom } from './signed-in-cookie.ts';

// Who is signed in, shared by the header, the account screens and the box office: GET
// /api/account read once per page load, again on refresh(), and replaced by the answer of a
// sign-in or sign-out. Without the login-state cookie nobody is signed in and nothing is asked.

interface Snapshot {
  /** undefined until the first answer (or when it could not be read). */
  readonly account: AccountAnswer | undefined;
  readonly loading: boolean;
}

let snapshot: Snapshot | undefined;
const listeners = new Set<() => void>();
let reading: Promise<AccountAnswer | undefined> | undefined;
/** Bumped by every new answer: a read that started before it does not overwrite it. */
let version = 0;

const current = (): Snapshot =>
  (snapshot ??= signedInKindFrom(document.cookie)
    ? { account: undefined, loading: true }
    : { account: SIGNED_OUT, loading: false });

const publish = (next: Snapshot) => {
  snapshot = next;
  for (const listener of listeners) listener();
};

/** Reads GET /api/account again; answers the account (undefined when it could not be read). */
export const refreshAccount = (): Promise<AccountAnswer | undefined> => {
  if (reading) return reading;
  const started = version;
  if (!current().loading) publish({ ...current(), loading: true });
  reading = fetchAccount().then(
    (account) => {
      reading = undefined;
      if (version !== started) return current().account;
      version += 1;
      publish({ account, loading: false });
      return account;
    },
    () => {
      reading = undefined;
      publish({ ...current(), loading: false });
      return current().account;
    },
  );
  return reading;
};

/** Takes the answer of a sign-in, registration or sign-out as the current account. */
export const setAccount = (account: AccountAnswer) => {
  version += 1;
  publish({ account, loading: false });
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (current().loading && !reading) void refreshAccount();
  return () => listeners.delete(listener);
};

/** The signed-in person (account undefined while the first read is on its way). */
export const useAccount = (): {
  account: AccountAnswer | undefined;
  loading: boolean;
  refresh: () => Promise<AccountAnswer | undefined>;
} => {
  const { account, loading } = useSyncExternalStore(subscribe, current);
  return { account, loading, refresh: refreshAccount };
};
