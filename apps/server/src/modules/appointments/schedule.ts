import { APPOINTMENTS } from '@everstone/contract';

/**
 * The showroom's calendar: which instants are bookable slots, reasoned about in the showroom's time zone with
 * Intl (no time-zone library), so the rules hold across daylight-saving changes.
 */

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: APPOINTMENTS.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function showroomParts(instant: Date): LocalParts {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const FIRST = minutesOf(APPOINTMENTS.firstSlot);
const LAST = minutesOf(APPOINTMENTS.lastSlot);
const DAY_MS = 86_400_000;

/** Wall-clock parts read as if they were UTC. setUTCFullYear, not Date.UTC, which reads years 0–99 as 19xx. */
function utcMs(p: LocalParts): number {
  const date = new Date(0);
  date.setUTCFullYear(p.year, p.month - 1, p.day);
  date.setUTCHours(p.hour, p.minute, p.second, 0);
  return date.getTime();
}

/** The showroom's calendar day of an instant, YYYY-MM-DD. */
export function showroomDate(instant: Date): string {
  const p = showroomParts(instant);
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant at which the showroom's clock reads `date` `minutes` after midnight. */
export function showroomInstant(date: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = utcMs({ year: y, month: m, day: d, hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0 });
  const offsetAt = (t: number) => utcMs(showroomParts(new Date(t))) - t;
  // The offset at the first guess may differ from the offset at the answer when a DST change lies between.
  let t = wall - offsetAt(wall);
  const corrected = wall - offsetAt(t);
  if (corrected !== t) t = corrected;
  return new Date(t);
}

/** '18:30' → '6:30 pm'. */
function clockText(hhmm: string): string {
  const minutes = minutesOf(hhmm);
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(minutes % 60)} ${h < 12 ? 'am' : 'pm'}`;
}

export const SLOT_MESSAGES = {
  past: 'That time has already passed. Please choose a later time.',
  tooSoon: `Please choose a time at least ${APPOINTMENTS.minNoticeMinutes / 60} hour from now.`,
  boundary: 'Please choose a time on the hour or the half hour.',
  hours: `Please choose a time between ${clockText(APPOINTMENTS.firstSlot)} and ${clockText(APPOINTMENTS.lastSlot)} Eastern.`,
  tooFar: `Please choose a date within the next ${APPOINTMENTS.maxDaysAhead} days.`,
} as const;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Every reason `startsAt` cannot be booked at `now`; an empty list means it is a bookable slot. */
export function checkSlot(startsAt: Date, now: Date): string[] {
  const problems: string[] = [];
  if (startsAt.getTime() <= now.getTime()) problems.push(SLOT_MESSAGES.past);
  else if (startsAt.getTime() < now.getTime() + APPOINTMENTS.minNoticeMinutes * 60_000) problems.push(SLOT_MESSAGES.tooSoon);

  const local = showroomParts(startsAt);
  const minutes = local.hour * 60 + local.minute;
  if (local.second !== 0 || startsAt.getUTCMilliseconds() !== 0 || minutes % APPOINTMENTS.slotMinutes !== 0) {
    problems.push(SLOT_MESSAGES.boundary);
  }
  if (minutes < FIRST || minutes > LAST) problems.push(SLOT_MESSAGES.hours);
  if (dayNumber(showroomDate(startsAt)) - dayNumber(showroomDate(now)) > APPOINTMENTS.maxDaysAhead) {
    problems.push(SLOT_MESSAGES.tooFar);
  }
  return problems;
}

/** The slot starts of one showroom day, first to last. */
export function slotsOfDay(date: string): Date[] {
  const out: Date[] = [];
  for (let m = FIRST; m <= LAST; m += APPOINTMENTS.slotMinutes) out.push(showroomInstant(date, m));
  return out;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: APPOINTMENTS.timeZone,
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: APPOINTMENTS.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });

/** §9 display formats in the showroom's zone: MM/dd/yyyy and h:mm a. */
export function formatShowroomTime(instant: Date): { date: string; time: string } {
  // Some ICU versions put a narrow no-break space before AM/PM; mail clients and tests expect a plain one.
  return { date: dateFormat.format(instant), time: timeFormat.format(instant).replace(/\s/g, ' ') };
}
