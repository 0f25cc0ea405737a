/**
 * The field builders every request schema is made of, written once. Each text field drops control characters and
 * the invisible marks that reorder text before anything else looks at it: a name, an address or a note is read
 * later by people (emails, the order desk in a terminal, the back office), and an escape sequence or a reversed
 * run typed into a form must never reach them as one.
 */
import { z } from 'zod';

/**
 * C0 controls, DEL and C1 controls (U+0000–U+001F, U+007F–U+009F), and the line and paragraph separators: none
 * is ever part of a name, an address or a phone number. Tabs and line breaks become spaces, the rest vanish.
 */
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_BREAKS = /[\t\n\r\u000b\u000c\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_TAB_AND_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/**
 * The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, they reorder the
 * text around them, so a name shown to staff can read as something else ("Ann\u202Efdp.exe" shows as "Annexe.pdf"). No
 * name, address or note needs them: Arabic and Hebrew text reads right without them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** One line of text as people type it: line breaks and tabs become spaces, other control characters go. */
export function toSingleLine(value: string): string {
  return value.replace(SINGLE_LINE_BREAKS, ' ').replace(CONTROLS, '').replace(BIDI_CONTROLS, '');
}

/** Text with paragraphs (notes, a question): line breaks kept (CR LF and CR become LF), other controls go. */
export function toMultiLine(value: string): string {
  return value.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(CONTROLS_BUT_TAB_AND_LF, '').replace(BIDI_CONTROLS, '');
}

/** A required single-line text field: cleaned, trimmed, at least one character, at most `max`. */
export const requiredText = (max: number, label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .overwrite(toSingleLine)
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} must not be longer than ${max} characters.`);

/** An optional single-line text field: cleaned and trimmed; empty, null or absent is null. */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `The ${label} must be text.` })
    .overwrite(toSingleLine)
    .trim()
    .max(max, `The ${label} must not be longer than ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional text with paragraphs (order notes, a question): line breaks kept; empty, null or absent is null. */
export const optionalMultilineText = (max: number, label: string) =>
  z
    .string({ error: `The ${label} must be text.` })
    .overwrite(toMultiLine)
    .trim()
    .max(max, `The ${label} must not be longer than ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A positive whole-number id, as a number or as digits in text. */
export const positiveId = (label: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: `The ${label} must be a positive whole number.` })
    .pipe(z.number().int(`The ${label} must be a positive whole number.`).positive(`The ${label} must be a positive whole number.`));

/** A required phone number: digits, spaces and + ( ) - . only, at most 30 characters. */
export const requiredPhone = (label: string) =>
  requiredText(30, label).regex(/^[0-9+()\s.-]*$/, `The ${label} may contain only digits, spaces and + ( ) - .`);

/** An email field as every form sends it: trimmed, required, at most 254 characters, well-formed. */
export const emailField = z
  .string({ error: 'The email field is required.' })
  .trim()
  .min(1, 'The email field is required.')
  .max(254, 'The email must not be longer than 254 characters.')
  .pipe(z.email({ error: 'The email must be a valid email address.' }));
