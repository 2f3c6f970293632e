// A time zone in words for the reader ("Eastern Time", "heure normale d’Europe centrale"), its
// IANA name shown small beside it. Intl names it; an unknown name is given back as it is.

export const timeZoneInWords = (timeZone: string, locale: string): string => {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
};

/** Every IANA time zone the browser knows, for a picker; UTC first. */
export const knownTimeZones = (): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
};
