/** How the back office writes times: Chilean day and hour (America/Santiago), e.g. "22-11-2026 09:41". */
const dateTime = new Intl.DateTimeFormat("es-CL", {
  timeZone: "America/Santiago",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  // h23, not hour12: false, which writes midnight as "24:17" in es-CL.
  hourCycle: "h23",
});

/** An ISO time as staff read it, formatted in loaders so hydration never sees another zone's text. */
export function formatAdminDateTime(iso: string): string {
  const parts = Object.fromEntries(
    dateTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

const timeWithSeconds = new Intl.DateTimeFormat("es-CL", {
  timeZone: "America/Santiago",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** A time of day to the second, e.g. "09:41:07" (Chile's time): for deadlines within a minute. */
export function formatAdminTime(iso: string): string {
  return timeWithSeconds.format(new Date(iso));
}
