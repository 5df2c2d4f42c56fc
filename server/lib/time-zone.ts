// The operator's time zone (TIME_ZONE, Europe/Moscow unless configured): a day a manager picks ("valid
// until 31.12.2027") means that whole day where the operator works, not midnight UTC.

/** Whether Intl knows this zone name. */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(instant: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - (instant - (instant % 1000));
}

/**
 * An instant as the zone's wall clock, held in a Date's UTC fields: a spreadsheet cell has no zone,
 * so an export writes the time a person there read on the clock.
 */
export function wallClockIn(instant: Date, zone: string): Date {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), zone));
}

/** The instant a calendar day (YYYY-MM-DD) starts in the zone. */
export function startOfDayIn(day: string, zone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // twice: the offset at the first guess may differ from the one at the answer (a clock change that night)
  let at = utcMidnight - offsetAt(utcMidnight, zone);
  at = utcMidnight - offsetAt(at, zone);
  return new Date(at);
}

/** The last millisecond of a calendar day (YYYY-MM-DD) in the zone. */
export function endOfDayIn(day: string, zone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return new Date(startOfDayIn(next, zone).getTime() - 1);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone (what a date field shows). */
export function dayIn(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/**
 * An instant as people read it in the zone and language ("26 November 2026, 14:05"). Every date a
 * person reads (mails, receipts, invoices, confirmations, pages) goes through here, so TIME_ZONE
 * changes all of them at once.
 */
export function formatIn(instant: Date, zone: string, locale: string, style: Intl.DateTimeFormatOptions = { dateStyle: "long", timeStyle: "short" }) {
  return instant.toLocaleString(locale, { ...style, timeZone: zone });
}

/** The zone's name in a language ("Moscow Standard Time", "Москва, стандартное время"), said beside a time. */
export function zoneName(zone: string, locale: string) {
  return (
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")?.value ??
    zone
  );
}

/** A day as a list shows it ("26.11.2026", "26/11/2026"), on the operator's calendar. */
export const dateIn = (instant: Date, zone: string, locale: string) => formatIn(instant, zone, locale, { day: "2-digit", month: "2-digit", year: "numeric" });

/** A calendar day (YYYY-MM-DD) as a list shows it: the day itself, in no zone. */
export const dayText = (day: string, locale: string) => dateIn(new Date(`${day}T12:00:00Z`), "UTC", locale);
