/**
 * Contracts of the storefront's own calls: the contact form, the newsletter and appointments (SPEC §2, §5).
 * The browser validates with these schemas before sending and the server validates again with the same ones.
 */
import { z } from 'zod';
import { APPOINTMENTS, CONTACT_TOPICS } from './storefront-terms.ts';
import { emailField, optionalMultilineText, optionalText, requiredPhone, requiredText } from '../fields.ts';

const email = emailField;

export const contactRequestSchema = z.object({
  name: optionalText(100, 'name'),
  email,
  // §5: digits and hyphens only; empty is allowed.
  phone: optionalText(30, 'phone').refine((v) => v === null || /^[0-9-]*$/.test(v), 'The phone may contain only digits and hyphens.'),
  topic: z.enum(CONTACT_TOPICS, { error: 'Please choose a topic.' }),
  question: optionalMultilineText(5000, 'question'),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** 422 body: a summary message and, per field, the list of what is wrong with it (§5, §8). */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

export const newsletterRequestSchema = z.object({ email });
export const newsletterResponseSchema = z.object({
  message: z.string(),
  /** False when the address was already on the list: answered kindly, not as an error. */
  subscribed: z.boolean(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

/** The texts of unsubscribing, for the storefront's page to show as the server sends them. */
export const NEWSLETTER_UNSUBSCRIBE_MESSAGES = {
  done: 'You have been unsubscribed. We will not send you our newsletter again.',
  invalid: 'This unsubscribe link is not valid. If our emails keep arriving, reply to one of them and we will take you off our list.',
} as const;

/** The token of an unsubscribe link: as sent in JSON, or in the link's query for RFC 8058's one-click post. */
export const newsletterTokenSchema = z
  .string({ error: 'The unsubscribe token is required.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, NEWSLETTER_UNSUBSCRIBE_MESSAGES.invalid);

/** GET /api/newsletter/subscription?token=…: whom the link names (the address partly hidden) and whether subscribed. */
export const newsletterSubscriptionSchema = z.object({
  /** e.g. 'an***@example.com': enough to recognise, not to harvest. */
  email: z.string(),
  subscribed: z.boolean(),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

export const appointmentRequestSchema = z.object({
  kind: z.enum(APPOINTMENTS.kinds, { error: 'Please choose a virtual or an in-person appointment.' }),
  starts_at: z.iso.datetime({ offset: true, error: 'Please choose a date and time.' }),
  name: requiredText(100, 'name'),
  email,
  phone: requiredPhone('phone'),
  note: optionalMultilineText(2000, 'note'),
});
export type AppointmentRequest = z.input<typeof appointmentRequestSchema>;

export const appointmentResponseSchema = z.object({
  message: z.string(),
  appointment: z.object({ id: z.number(), kind: z.enum(APPOINTMENTS.kinds), starts_at: z.string() }),
});
export type AppointmentResponse = z.infer<typeof appointmentResponseSchema>;

/** The slots of one showroom day, for the booking dialog to grey out the ones it cannot offer. */
export const appointmentSlotsQuerySchema = z.object({
  date: z.iso.date({ error: 'Please give the date as YYYY-MM-DD.' }),
  kind: z.enum(APPOINTMENTS.kinds, { error: 'Please choose a virtual or an in-person appointment.' }),
});
export type AppointmentSlotsQuery = z.infer<typeof appointmentSlotsQuerySchema>;

export const appointmentSlotsResponseSchema = z.object({
  /** The showroom (Eastern) day asked about, YYYY-MM-DD. */
  date: z.string(),
  slots: z.array(
    z.object({
      starts_at: z.string(),
      /** False when taken, already past, too soon or too far ahead. */
      available: z.boolean(),
    }),
  ),
});
export type AppointmentSlotsResponse = z.infer<typeof appointmentSlotsResponseSchema>;
