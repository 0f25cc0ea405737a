/**
 * The storefront's fixed texts and settings (SPEC §5, §8, §9): contact topics, the welcome offer, appointment
 * hours and the showroom. Free of Zod, so pages can use them on their first load (see core.ts).
 */

/** §5: the topic select offers 'Select' (empty) and these five. */
export const CONTACT_TOPICS = ['Diamonds', 'Engagement Rings', 'Jewelry', 'Home Preview', 'Policies'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** §8: shown for any contact failure other than a 422. */
export const CONTACT_FAILURE_MESSAGE = 'Something went wrong. Please try again later.';

/** §8: the contact banner joins every message of the errors map with spaces. */
export function joinErrorMessages(errors: Record<string, string[]>): string {
  return Object.values(errors).flat().join(' ');
}

/** §9: the welcome offer the newsletter confirmation carries. */
export const WELCOME_OFFER = {
  code: 'WELCOME',
  text: '$100 off your first purchase of $1,000 or more. One use per customer, for new customers only.',
} as const;

/**
 * Showroom appointments: 30-minute slots (§9 date picker default), seven days a week (§1), in the
 * showroom's time zone. Times travel as ISO 8601 instants (UTC).
 */
export const APPOINTMENTS = {
  kinds: ['virtual', 'in-person'] as const,
  slotMinutes: 30,
  timeZone: 'America/New_York',
  /** First and last bookable slot start, local time, every day. */
  firstSlot: '10:00',
  lastSlot: '18:30',
  /** How far ahead a shopper may book. */
  maxDaysAhead: 90,
  /** The soonest a slot may start, from now: time for a gemologist to prepare. */
  minNoticeMinutes: 60,
} as const;
export type AppointmentKind = (typeof APPOINTMENTS.kinds)[number];
export const APPOINTMENT_KIND_LABELS: Record<AppointmentKind, string> = {
  virtual: 'Virtual appointment',
  'in-person': 'In-person showroom visit',
};

/** Where in-person appointments take place (the showroom the confirmation email gives). */
export const SHOWROOM_ADDRESS = {
  street: '580 Fifth Avenue, Suite 1200',
  city: 'New York',
  region: 'NY',
  zip: '10036',
} as const;
