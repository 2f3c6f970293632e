// A time zone named in words, as people say it: 'New York time', never 'America/New_York'. Pure,
// no dependencies (the web's screens use it too).

/** The zone as a place name: 'America/New_York' is 'New York', 'Europe/London' 'London'. */
export const zoneName = (timeZone: string): string =>
  (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');

/** 'New York time' */
export const zoneWords = (timeZone: string): string => `${zoneName(timeZone)} time`;
