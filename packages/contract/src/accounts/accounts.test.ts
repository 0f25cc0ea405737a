import { describe, expect, it } from 'vitest';
import {
  addressRequestSchema,
  changePasswordRequestSchema,
  createRegisterRequestSchema,
  isRealDate,
  latestToday,
  passwordResetRequestSchema,
} from './accounts.ts';

const fieldErrors = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
};

describe('dates', () => {
  it('knows real days from impossible ones', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2023-04-31')).toBe(false);
    expect(isRealDate('2023-13-01')).toBe(false);
    expect(isRealDate('04/12/1990')).toBe(false);
    expect(isRealDate('1990-4-12')).toBe(false);
  });

  it('calls "today" the latest date anywhere on Earth', () => {
    expect(latestToday(new Date('2025-06-01T09:59:00Z'))).toBe('2025-06-01');
    expect(latestToday(new Date('2025-06-01T10:00:00Z'))).toBe('2025-06-02');
  });
});

describe('registration payload', () => {
  const schema = createRegisterRequestSchema(() => new Date('2025-06-01T12:00:00Z'));
  const valid = { title: 'Mr', name: 'Bo Chen', email: ' Bo@Example.com ', birth_date: '1988-01-31', anniversary_date: null, password: 'sesame-open' };

  it('accepts §3’s payload, trims the email and turns empty dates into null', () => {
    const r = schema.safeParse({ ...valid, anniversary_date: '' });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ email: 'Bo@Example.com', anniversary_date: null });
  });

  it('names each broken rule once', () => {
    const r = schema.safeParse({ title: 'Dr', name: '  ', email: 'bo@', birth_date: '2025-06-03', anniversary_date: '2023-02-29', password: 'short' });
    expect(fieldErrors(r)).toEqual({
      title: ['Please choose a title: Mr, Mrs or Ms.'],
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
      birth_date: ['The birth date must not be in the future.'],
      anniversary_date: ['The anniversary date must be a real date in the form YYYY-MM-DD.'],
      password: ['The password must be at least 8 characters.'],
    });
    expect(fieldErrors(schema.safeParse({ ...valid, password: '' }))).toEqual({ password: ['The password field is required.'] });
    expect(fieldErrors(schema.safeParse({ ...valid, birth_date: '1850-01-01' }))).toEqual({ birth_date: ['The birth date must not be before 1900-01-01.'] });
    // Already tomorrow in Kiribati: not in the future for everyone.
    expect(schema.safeParse({ ...valid, birth_date: '2025-06-02' }).success).toBe(true);
  });
});

describe('password confirmation', () => {
  it('is checked alongside the other fields', () => {
    expect(fieldErrors(passwordResetRequestSchema.safeParse({ token: '', email: 'a@b.co', password: 'longenough', password_confirmation: 'different' }))).toEqual({
      token: ['The token field is required.'],
      password_confirmation: ['The password confirmation does not match.'],
    });
    expect(fieldErrors(changePasswordRequestSchema.safeParse({ current_password: 'x', password: 'longenough' }))).toEqual({
      password_confirmation: ['The password confirmation field is required.'],
    });
  });
});

describe('address payload', () => {
  const valid = {
    user_id: 7,
    first_name: 'Ann',
    last_name: 'Lee',
    country: 'United States',
    address: { apartment: '', street: '580 Fifth Avenue', city: 'New York', zip: '10036' },
    phone_number: '212-555-0100',
    is_get_offer: 1,
  };

  it('accepts §7’s payload and normalises the optional fields', () => {
    const r = addressRequestSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ user_id: 7, company: null, address: { apartment: null, state: null }, is_get_offer: 1 });
    expect(addressRequestSchema.parse({ ...valid, user_id: '7', is_get_offer: false })).toMatchObject({ user_id: 7, is_get_offer: 0 });
  });

  it('checks the zip code against the country', () => {
    expect(fieldErrors(addressRequestSchema.safeParse({ ...valid, address: { ...valid.address, zip: 'K1A 0B1' } }))).toEqual({
      'address.zip': ['The zip code must be a US ZIP code such as 10036 or 10036-1234.'],
    });
    expect(addressRequestSchema.safeParse({ ...valid, country: 'Canada', address: { ...valid.address, zip: 'K1A 0B1' } }).success).toBe(true);
    expect(fieldErrors(addressRequestSchema.safeParse({ ...valid, country: 'Mexico' }))).toEqual({ country: ['Please choose United States or Canada.'] });
  });
});
