// Arrays passed as one bind value (`?::int[]`, `?::text[]`).

/** A Postgres array literal: knex would spread a JS array into a list of placeholders. */
export const pgArray = (values: readonly (string | number)[]): string =>
  `{${values
    .map((v) =>
      typeof v === 'number' ? String(v) : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
    )
    .join(',')}}`;
