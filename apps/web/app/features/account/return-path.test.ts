import { describe, expect, it } from 'vitest';
import { returnPathFromState, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeReturnPath('/diamond')).toBe('/diamond');
    expect(safeReturnPath('/diamond?shape=Round&page=2#results')).toBe('/diamond?shape=Round&page=2#results');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses anything that could lead to another site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /diamond',
      '/\t/evil.example',
      '/\n/evil.example',
      'diamond',
      '',
    ]) {
      expect(safeReturnPath(bad), bad).toBe('/');
    }
  });

  it('refuses what is not a text', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath({ pathname: '/diamond' })).toBe('/');
  });

  it('does not send the shopper back to a sign-in or reset page', () => {
    expect(safeReturnPath('/signin')).toBe('/');
    expect(safeReturnPath('/signup?x=1')).toBe('/');
    expect(safeReturnPath('/resetpassword')).toBe('/');
    expect(safeReturnPath('/reset-password/abc?email=a%40b.c')).toBe('/');
    expect(safeReturnPath('/verify-email/abc')).toBe('/');
    expect(safeReturnPath('/signin-help')).toBe('/signin-help');
  });
});

describe('returnPathFromState', () => {
  it('reads `from` from navigation state', () => {
    expect(returnPathFromState({ from: '/cart' })).toBe('/cart');
    expect(returnPathFromState({ from: '//evil.example' })).toBe('/');
    expect(returnPathFromState(null)).toBe('/');
    expect(returnPathFromState('/cart')).toBe('/');
  });
});
