import { homeFiles } from './home.ts';
import { readJson, serially, writeJson } from './json-file.ts';
import { ensureHome } from './home.ts';

// The web's storage on the counter computer (getlocalstorage / setlocalstorage): kept in
// localstorage.json in the bridge's home, so it outlives the browser's own storage being cleared.

const asStore = (value: unknown): Record<string, string> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

export const getLocalItem = async (home: string, key: string): Promise<string | null> =>
  asStore(await readJson(homeFiles(home).localStorage))[key] ?? null;

const writes = serially();

export const setLocalItem = (home: string, key: string, value: string): Promise<void> =>
  writes(async () => {
    await ensureHome(home);
    const file = homeFiles(home).localStorage;
    await writeJson(file, { ...asStore(await readJson(file)), [key]: value });
  });
