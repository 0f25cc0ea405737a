import { describe, expect, it } from 'vitest';
import { checkSlot, formatShowroomTime, showroomDate, showroomInstant, slotsOfDay, SLOT_MESSAGES } from './schedule.ts';

const at = (iso: string) => new Date(iso);

describe('showroom calendar', () => {
  it('turns Eastern wall time into the right instant on both sides of daylight saving', () => {
    expect(showroomInstant('2026-01-15', 14 * 60).toISOString()).toBe('2026-01-15T19:00:00.000Z'); // EST, UTC-5
    expect(showroomInstant('2026-07-15', 14 * 60).toISOString()).toBe('2026-07-15T18:00:00.000Z'); // EDT, UTC-4
    expect(showroomInstant('2026-03-08', 10 * 60).toISOString()).toBe('2026-03-08T14:00:00.000Z'); // the spring-forward day
    expect(showroomInstant('2026-11-01', 10 * 60).toISOString()).toBe('2026-11-01T15:00:00.000Z'); // the fall-back day
  });

  it('reads the calendar day in Eastern time, not UTC', () => {
    expect(showroomDate(at('2026-01-16T03:00:00Z'))).toBe('2026-01-15');
    expect(showroomDate(at('2026-01-16T05:00:00Z'))).toBe('2026-01-16');
  });

  it('offers every half hour from 10:00 am to 6:30 pm', () => {
    const slots = slotsOfDay('2026-07-15').map((d) => formatShowroomTime(d).time);
    expect(slots).toHaveLength(18);
    expect(slots[0]).toBe('10:00 AM');
    expect(slots[1]).toBe('10:30 AM');
    expect(slots.at(-1)).toBe('6:30 PM');
  });

  it('formats dates as MM/dd/yyyy and times as h:mm a', () => {
    expect(formatShowroomTime(at('2026-07-05T13:30:00Z'))).toEqual({ date: '07/05/2026', time: '9:30 AM' });
  });
});

describe('checkSlot', () => {
  const now = at('2026-07-15T16:10:00Z'); // 12:10 pm Eastern

  it('accepts a slot in opening hours at least an hour ahead', () => {
    expect(checkSlot(at('2026-07-15T17:30:00Z'), now)).toEqual([]); // 1:30 pm
    expect(checkSlot(at('2026-07-15T22:30:00Z'), now)).toEqual([]); // 6:30 pm, the last slot
    expect(checkSlot(at('2026-07-16T14:00:00Z'), now)).toEqual([]); // 10:00 am tomorrow, the first slot
  });

  it('refuses the past and the next hour', () => {
    expect(checkSlot(at('2026-07-15T16:00:00Z'), now)).toEqual([SLOT_MESSAGES.past]);
    expect(checkSlot(at('2026-07-15T17:00:00Z'), now)).toEqual([SLOT_MESSAGES.tooSoon]);
    expect(checkSlot(at('2026-07-15T17:10:00Z'), now)).not.toContain(SLOT_MESSAGES.tooSoon);
  });

  it('refuses times off the half-hour grid', () => {
    expect(checkSlot(at('2026-07-16T18:15:00Z'), now)).toEqual([SLOT_MESSAGES.boundary]);
    expect(checkSlot(at('2026-07-16T18:00:30Z'), now)).toEqual([SLOT_MESSAGES.boundary]);
    expect(checkSlot(at('2026-07-16T18:00:00.001Z'), now)).toEqual([SLOT_MESSAGES.boundary]);
  });

  it('refuses times outside opening hours', () => {
    expect(checkSlot(at('2026-07-16T13:30:00Z'), now)).toEqual([SLOT_MESSAGES.hours]); // 9:30 am
    expect(checkSlot(at('2026-07-16T23:00:00Z'), now)).toEqual([SLOT_MESSAGES.hours]); // 7:00 pm
    expect(SLOT_MESSAGES.hours).toBe('Please choose a time between 10:00 am and 6:30 pm Eastern.');
  });

  it('allows booking 90 days ahead and no further', () => {
    expect(checkSlot(at('2026-10-13T18:00:00Z'), now)).toEqual([]); // day 90
    expect(checkSlot(at('2026-10-14T18:00:00Z'), now)).toEqual([SLOT_MESSAGES.tooFar]); // day 91
  });
});
