import { APPOINTMENTS, adminAppointmentListQuerySchema, type AppointmentKind } from '@everstone/contract';

/**
 * The appointments calendar in the address (`?from=2026-11-23&days=7`), so a link or the Back button brings the same
 * range back. Days are the store's (New York) calendar days as YYYY-MM-DD text; the arithmetic is done on that text
 * at noon UTC, so the computer's own time zone and daylight saving never move a day.
 */

export type CalendarDays = 1 | 7;

export interface CalendarState {
  /** The first day shown: the day itself, or the Monday of the week. */
  from: string;
  days: CalendarDays;
}

/** The badge of each kind, short enough for a card in a week's column (the contract's labels are sentences). */
export const KIND_BADGE: Record<AppointmentKind, string> = { virtual: 'Virtual', 'in-person': 'Showroom' };

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** Whether text is a real calendar day (2026-02-30 is not). */
export function isDay(text: string): boolean {
  const at = noon(text);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
}

export const addDays = (day: string, n: number) => new Date(noon(day).getTime() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The Monday of a day's week. Weeks start on Monday so the showroom's busiest days, Saturday and Sunday, stay
 * together at the end of one week.
 */
export function weekOf(day: string): string {
  const weekday = noon(day).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The range the address asks for; anything that does not pass the contract gives this week. */
export function readCalendar(params: URLSearchParams, today: string): CalendarState {
  const { shape } = adminAppointmentListQuerySchema;
  const days: CalendarDays = shape.days.safeParse(params.get('days') || undefined).data === 1 ? 1 : 7;
  const from = shape.from.safeParse(params.get('from')).data;
  const day = from && isDay(from) ? from : today;
  return { from: days === 7 ? weekOf(day) : day, days };
}

/** The address of a range: both values always said, so a shared link shows the same days whatever day it is opened. */
export const calendarParams = (state: CalendarState) => new URLSearchParams({ from: state.from, days: String(state.days) });
export const calendarHref = (state: CalendarState) => `?${calendarParams(state).toString()}`;
export const calendarApiQuery = (state: CalendarState) => calendarParams(state).toString();

/** The range before (-1) or after (1) this one. */
export const stepCalendar = (state: CalendarState, direction: -1 | 1): CalendarState => ({ ...state, from: addDays(state.from, direction * state.days) });

/** The range holding today, in the same view. */
export const todayCalendar = (days: CalendarDays, today: string): CalendarState => ({ from: days === 7 ? weekOf(today) : today, days });

/** The other view of the same days: a week shows the day's week; a day of a week is today when today is in it. */
export function switchView(state: CalendarState, days: CalendarDays, today: string): CalendarState {
  if (days === state.days) return state;
  if (days === 7) return { from: weekOf(state.from), days };
  return { from: includes(state, today) ? today : state.from, days };
}

export const rangeDays = (state: CalendarState) => Array.from({ length: state.days }, (_, i) => addDays(state.from, i));
export const includes = (state: CalendarState, day: string) => day >= state.from && day < addDays(state.from, state.days);

const longFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const dayMonth = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const dayMonthYear = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const weekdayLong = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long' });
const weekdayShort = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short' });

/** 'Monday, November 23, 2026'. */
export const longDay = (day: string) => longFormat.format(noon(day));
/** 'Monday' and 'Nov 23', for a day's heading in the week. */
export const dayHeading = (day: string) => ({ weekday: weekdayLong.format(noon(day)), short: weekdayShort.format(noon(day)), date: dayMonth.format(noon(day)) });

/** 'Monday, November 23, 2026', or 'Nov 23 – Nov 29, 2026' (both years said when the week spans two). */
export function rangeText(state: CalendarState): string {
  if (state.days === 1) return longDay(state.from);
  const last = addDays(state.from, state.days - 1);
  const sameYear = state.from.slice(0, 4) === last.slice(0, 4);
  return `${(sameYear ? dayMonth : dayMonthYear).format(noon(state.from))} – ${dayMonthYear.format(noon(last))}`;
}

/** The days the store books on: from today to APPOINTMENTS.maxDaysAhead ahead. */
export const bookableDays = (today: string) => ({ min: today, max: addDays(today, APPOINTMENTS.maxDaysAhead) });
