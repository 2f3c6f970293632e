// The first day of the calendar's week follows the reader's locale: Sunday in the US and
// Canada, Monday in most of Europe. Intl.Locale's week info where the browser has it.
const sundayRegions = new Set([
  'US',
  'CA',
  'JP',
  'PH',
  'IL',
  'BR',
  'MX',
  'AU',
  'SG',
  'KR',
  'TW',
  'HK',
  'IN',
  'ZA',
]);

type WeekInfoLocale = Intl.Locale & {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
};

/** 0 = Sunday, 1 = Monday ... for a BCP 47 locale such as 'en-US' or 'fr'. */
export const weekStartOf = (locale: string): number => {
  try {
    const intl = new Intl.Locale(locale).maximize() as WeekInfoLocale;
    const info = intl.getWeekInfo?.() ?? intl.weekInfo;
    if (info && Number.isInteger(info.firstDay)) return info.firstDay % 7;
    return sundayRegions.has(intl.region ?? '') ? 0 : 1;
  } catch {
    return 0;
  }
};
