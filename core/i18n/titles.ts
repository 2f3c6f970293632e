/**
 * Title (honorific) options for name forms: en-US Dr, Miss, Mr, Mrs, Ms, Mx, Ind; others Dr,
 * Lady, Lord, Miss, Mr, Mrs, Ms, Sir. The choice is keyed on the locale.
 */
export const US_TITLES: readonly string[] = ['Dr', 'Miss', 'Mr', 'Mrs', 'Ms', 'Mx', 'Ind'];
export const OTHER_TITLES: readonly string[] = ['Dr', 'Lady', 'Lord', 'Miss', 'Mr', 'Mrs', 'Ms', 'Sir'];

/** The titles to offer for a locale ('en-US', 'en_us', any case); every other locale gets the rest. */
export const titleOptionsFor = (locale: string | null | undefined): readonly string[] =>
  (locale ?? '').trim().toLowerCase().replaceAll('_', '-') === 'en-us' ? US_TITLES : OTHER_TITLES;
