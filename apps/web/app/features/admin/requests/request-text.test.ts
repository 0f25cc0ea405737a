import { describe, expect, it } from 'vitest';
import type { AdminCustomRequest } from '@everstone/contract';
import { customRequestChoices, replyByDay, replyDue, spanText } from './request-text';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('replyDue', () => {
  const due = '2026-01-07T05:00:00.000Z';
  const at = (msBefore: number) => new Date(due).getTime() - msBefore;

  it('counts down to the minute while the promise holds', () => {
    expect(replyDue(due, at(5 * HOUR + 12 * MINUTE + 30_000))).toEqual({ text: 'Reply due in 5 h 12 min', tone: 'due' });
    expect(replyDue(due, at(26 * HOUR))).toEqual({ text: 'Reply due in 1 day 2 h', tone: 'due' });
  });

  it('warns in the last three hours, and says how late once it has run out', () => {
    expect(replyDue(due, at(40 * MINUTE))).toEqual({ text: 'Reply due in 40 min', tone: 'soon' });
    expect(replyDue(due, at(30_000))).toEqual({ text: 'Reply due in less than a minute', tone: 'soon' });
    expect(replyDue(due, at(0))).toEqual({ text: 'Overdue by less than a minute', tone: 'overdue' });
    expect(replyDue(due, at(-2 * HOUR))).toEqual({ text: 'Overdue by 2 h', tone: 'overdue' });
    expect(replyDue(due, at(-(3 * 24 * HOUR + 5 * MINUTE)))).toEqual({ text: 'Overdue by 3 days', tone: 'overdue' });
  });

  it('says nothing of a time it cannot read', () => {
    expect(replyDue('soon', 0).text).toBe('');
  });
});

describe('spanText', () => {
  it('leaves out the parts that are zero', () => {
    expect(spanText(3 * HOUR)).toBe('3 h');
    expect(spanText(59 * MINUTE)).toBe('59 min');
    expect(spanText(2 * 24 * HOUR + 59 * MINUTE)).toBe('2 days');
  });
});

describe('a custom ring request in words', () => {
  it('names the choices as the shopper’s form did, and says "Not sure yet" for an open choice', () => {
    const request = {
      style: 'halo',
      budget: '5000-10000',
      center_shape: 'undecided',
      center_origin: 'lab',
      center_carat: 1.5,
      metal: '18k-rose',
      ring_size: 'unknown',
    } as AdminCustomRequest;
    expect(customRequestChoices(request)).toEqual([
      ['Style', 'Halo'],
      ['Budget', '$5,000 to $10,000'],
      ['Center stone shape', 'Not sure yet'],
      ['Center stone', 'Lab-grown'],
      ['Approximate carat', '1.5 ct'],
      ['Metal', '18K Rose Gold'],
      ['Ring size', 'Size not known yet (one free resize)'],
    ]);
  });

  it('gives the promised day as the store’s calendar day, whatever the computer’s zone', () => {
    expect(replyByDay('2026-01-06')).toBe('Tuesday, January 6');
  });
});
