import { describe, expect, it } from 'vitest';
import { NOTE_TO_SHOPPER_MAX } from '@everstone/contract';
import { errorsFromIssues } from '../../../components/ui/fields';
import { moveSchema } from './appointment-dialogs';

/* The move dialog's check before it sends, as the form kit reads it: the contract's, in the dialog's words. */

const refused = (values: { starts_at: string; note: string }) => {
  const checked = moveSchema.safeParse(values);
  return checked.success ? {} : errorsFromIssues(checked.error.issues);
};

describe('moving an appointment', () => {
  it('asks for one of the listed times, not for a date and time to type', () => {
    expect(refused({ starts_at: '', note: '' })).toEqual({ starts_at: ['Please choose one of the free times.'] });
  });

  it('says a note that is too long beside the note, and takes a blank one as none', () => {
    const starts_at = '2026-11-27T15:00:00.000Z';
    expect(refused({ starts_at, note: 'x'.repeat(NOTE_TO_SHOPPER_MAX + 1) })).toEqual({ note: [`The note must not be longer than ${NOTE_TO_SHOPPER_MAX} characters.`] });
    expect(refused({ starts_at, note: '   ' })).toEqual({});
    expect(refused({ starts_at, note: 'Our gemologist is away that morning.' })).toEqual({});
  });
});
