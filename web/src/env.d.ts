/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by vite.config.ts: package version plus build time, part of the strings URL. */
  readonly VITE_FOYER_BUILD: string;
}
