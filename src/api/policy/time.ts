/**
 * The `time` field's functions: `Timestamp('<RFC 3339, zero offset>')` and
 * `CronSpan('<5-field cron>', '<NdNhNm>', '<IANA zone>')`, which holds while some fire f of the cron (read in the
 * zone's local time) has f <= now < f + duration, the duration counted in elapsed time.
 */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]00:00)$/;

/** Milliseconds since the epoch, or a reason the text is refused. */
export function parseTimestamp(text: string): number | string {
  const match = RFC3339.exec(text);
  if (!match) {
    return /[+-]\d{2}:\d{2}$/.test(text)
      ? `invalid timestamp '${text}': the offset must be zero (Z or +00:00)`
      : `invalid timestamp '${text}': expected RFC 3339, e.g. 2026-03-01T00:00:00Z`;
  }
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = match[7] ? Math.floor(Number(`0${match[7]}`) * 1000) : 0;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, fraction);
  const back = new Date(ms);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return `invalid timestamp '${text}': no such date or time`;
  }
  return ms;
}

interface CronField {
  values: ReadonlySet<number>;
  star: boolean;
}
export interface Cron {
  minute: CronField;
  hour: CronField;
  dayOfMonth: CronField;
  month: CronField;
  dayOfWeek: CronField;
}

const CRON_RANGES: readonly (readonly [number, number])[] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
];

function cronField(text: string, [low, high]: readonly [number, number]): CronField | undefined {
  if (text === '*') return { values: new Set(), star: true };
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) return undefined;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from < low || to > high || from > to) return undefined;
    for (let v = from; v <= to; v++) values.add(v);
  }
  return { values, star: false };
}

/** The cron, or why it is refused: five fields of numbers, ranges, lists or `*` (no steps, names or macros). */
export function parseCron(text: string): Cron | string {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5)
    return `invalid cron '${text}': expected 5 fields (minute hour day-of-month month day-of-week)`;
  const fields = parts.map((part, i) => cronField(part, CRON_RANGES[i]!));
  const bad = fields.findIndex((f) => !f);
  if (bad >= 0) return `invalid cron '${text}': field ${bad + 1} ('${parts[bad]}') is not a number, range, list or *`;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as CronField[];
  return { minute: minute!, hour: hour!, dayOfMonth: dayOfMonth!, month: month!, dayOfWeek: dayOfWeek! };
}

const WEEK_MINUTES = 7 * 24 * 60;

/** Whole minutes, or why refused: days, hours and minutes (`1d12h`, `90m`), more than 0 and at most 7 days. */
export function parseDuration(text: string): number | string {
  const match = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/.exec(text);
  if (!match || text === '')
    return `invalid duration '${text}': expected whole days, hours and minutes, e.g. 8h or 1d12h`;
  const minutes = Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  if (minutes <= 0 || minutes > WEEK_MINUTES) return `invalid duration '${text}': must be more than 0 and at most 7d`;
  return minutes;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter for the zone, or undefined when the zone is not an IANA name this runtime knows. */
export function zoneFormatter(zone: string): Intl.DateTimeFormat | undefined {
  let formatter = formatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      return undefined;
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The local wall-clock time of `ms` in the formatter's zone, as if it were UTC (whole minutes). */
function localWallClock(formatter: Intl.DateTimeFormat, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(ms)) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
}

function fires(cron: Cron, wall: Date): boolean {
  const has = (f: CronField, v: number) => f.star || f.values.has(v);
  if (!has(cron.minute, wall.getUTCMinutes()) || !has(cron.hour, wall.getUTCHours())) return false;
  if (!has(cron.month, wall.getUTCMonth() + 1)) return false;
  const dom = has(cron.dayOfMonth, wall.getUTCDate());
  const dow = has(cron.dayOfWeek, wall.getUTCDay());
  // Both restricted: either day matches (the documented OR); otherwise the restricted one decides.
  if (!cron.dayOfMonth.star && !cron.dayOfWeek.star) return dom || dow;
  return dom && dow;
}

const MINUTE = 60_000;
const STEP = 15 * MINUTE;

/**
 * Whether `now` lies in [f, f + duration) for a fire f: every instant whose local time matches the cron is a fire,
 * so a local time skipped by a clock change never fires and one repeated fires twice (row `cron-span`).
 */
export function cronSpanActive(
  cron: Cron,
  durationMinutes: number,
  formatter: Intl.DateTimeFormat,
  now: number,
): boolean {
  const last = Math.floor(now / MINUTE) * MINUTE;
  const first = last - (durationMinutes - 1) * MINUTE;
  // Zone offsets are whole quarter hours: one conversion per quarter hour, then minutes are added.
  for (let step = Math.floor(first / STEP) * STEP; step <= last; step += STEP) {
    const wall = localWallClock(formatter, step);
    for (let k = 0; k < 15; k++) {
      const instant = step + k * MINUTE;
      if (instant < first || instant > last) continue;
      if (fires(cron, new Date(wall + k * MINUTE))) return true;
    }
  }
  return false;
}
