import { describe, expect, it } from 'vitest';
import { safeNext, signInPath } from './admin-api';
import { relativeTime } from './format';

describe('safeNext', () => {
  it('keeps a page of the back office, with its query', () => {
    expect(safeNext('/admin/orders?status=pending&page=2')).toBe('/admin/orders?status=pending&page=2');
    expect(safeNext('/admin')).toBe('/admin');
  });

  it('sends anything else to the first screen', () => {
    for (const bad of [null, '', '/', '/profile', '/administrator', '//evil.example/admin', '/admin\\..\\x', 'https://evil.example/admin', '/admin/sign-in?next=/admin', '/admin\n']) {
      expect(safeNext(bad), String(bad)).toBe('/admin');
    }
  });

  it('makes the sign-in address carry where to come back to', () => {
    expect(signInPath('/admin')).toBe('/admin/sign-in');
    expect(signInPath('/admin/orders?q=ada', true)).toBe('/admin/sign-in?next=%2Fadmin%2Forders%3Fq%3Dada&ended=1');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-07-14T12:00:00Z');
  it('says how far off an instant is at a glance', () => {
    expect(relativeTime('2026-07-14T17:00:00Z', now)).toBe('in 5 h');
    expect(relativeTime('2026-07-14T12:40:00Z', now)).toBe('in 40 min');
    expect(relativeTime('2026-07-17T12:00:00Z', now)).toBe('in 3 days');
    expect(relativeTime('2026-07-14T10:00:00Z', now)).toBe('2 h ago');
    expect(relativeTime('2026-07-14T12:00:20Z', now)).toBe('now');
  });
});
