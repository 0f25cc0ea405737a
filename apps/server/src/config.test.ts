import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, walletProviderOf } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('the wallet configuration', () => {
  it('is the simulator by default outside production, and PayPal once its credentials are set', () => {
    expect(walletProviderOf(loadConfig({}))).toBe('simulator');
    const paypal = loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    expect(walletProviderOf(paypal)).toBe('paypal');
    expect(paypal.PAYPAL_API_BASE).toBe('https://api-m.sandbox.paypal.com');
    expect(loadConfig({ PAYPAL_API_BASE: 'https://api-m.paypal.com/' }).PAYPAL_API_BASE).toBe('https://api-m.paypal.com');
  });

  it('refuses to start in production with the simulator unless it is chosen by name', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([expect.stringContaining('WALLET_PROVIDER: production needs PAYPAL_CLIENT_ID')]);
    expect(problemsOf({ NODE_ENV: 'production', WALLET_PROVIDER: 'simulator' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toEqual([]);
  });

  it('names each missing PayPal credential, and a provider or address that is not one', () => {
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'id' })).toEqual([expect.stringMatching(/^PAYPAL_CLIENT_SECRET is required/)]);
    expect(problemsOf({ WALLET_PROVIDER: 'paypal' })).toHaveLength(2);
    expect(problemsOf({ WALLET_PROVIDER: 'stripe' })).toEqual([expect.stringContaining("must be 'paypal' or 'simulator'")]);
    expect(problemsOf({ PAYPAL_API_BASE: 'api-m.paypal.com' })).toEqual([expect.stringContaining('must be an absolute URL')]);
  });
});
