/**
 * Ages and dates in the display language, in the platform's own words (Intl): "now", "5 min. ago", "yesterday",
 * "4 days ago", then the date after a month. Pure (no `vscode`): the extension passes `vscode.env.language`, a test
 * passes the locale and the time zone it expects.
 */

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The locale as Intl takes it; a tag Intl refuses (a malformed setting) reads as English. */
function usableLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  const key = usableLocale(locale);
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(key, { numeric: 'auto', style: 'short' });
    relativeFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: string, withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${usableLocale(locale)}|${withTime ? 'time' : 'date'}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(usableLocale(locale), {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'medium' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A date: "Jan 2, 2025" (en), "02.01.2025" (de). `timeZone` defaults to the machine's. */
export function dateText(timeMs: number, locale = 'en', timeZone?: string): string {
  return dateFormat(locale, false, timeZone).format(timeMs);
}

/** A date and time: "Jan 2, 2025, 1:04:05 PM" (en), "02.01.2025, 13:04:05" (de). */
export function dateTimeText(timeMs: number, locale = 'en', timeZone?: string): string {
  return dateFormat(locale, true, timeZone).format(timeMs);
}

/**
 * How long ago: "now" under 45 seconds, then minutes, hours and days ("yesterday" for one), and the date once a
 * month has passed. Empty when the time is unknown.
 */
export function ageText(timeMs: number | undefined, nowMs: number, locale = 'en', timeZone?: string): string {
  if (timeMs === undefined) return '';
  const format = relativeFormat(locale);
  const seconds = Math.floor((nowMs - timeMs) / 1000);
  if (seconds < 45) return format.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return format.format(-Math.max(1, minutes), 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 31) return format.format(-days, 'day');
  return dateText(timeMs, locale, timeZone);
}
