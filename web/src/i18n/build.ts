/** The build id in the strings URL (web/vite.config.ts), so a new build never reads old tables. */
export const build = import.meta.env.VITE_FOYER_BUILD ?? 'dev';
