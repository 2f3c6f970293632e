/** A country's name in the reader's language ('US' -> 'United States', 'États-Unis'), else the given name. */
export const countryName = (code: string, language: string, fallback?: string): string => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? fallback ?? code;
  } catch {
    return fallback ?? code;
  }
};
