import { describe, expect, it } from 'vitest';
import { EXAMPLE_WIRE_TRANSFER } from '@everstone/contract';
import { ConfigError, loadConfig, walletProviderOf, wireTransferOf } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

const WIRE_ENV = {
  WIRE_BENEFICIARY: ' Everstone Fine Jewelry LLC ',
  WIRE_BANK: 'First Test Bank, Boston, MA',
  WIRE_ROUTING_NUMBER: '123456780',
  WIRE_ACCOUNT_NUMBER: '9876543210',
  WIRE_SWIFT: 'ftbkus44xxx',
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
    expect(problemsOf({ NODE_ENV: 'production', ...WIRE_ENV })).toEqual([expect.stringContaining('WALLET_PROVIDER: production needs PAYPAL_CLIENT_ID')]);
    expect(problemsOf({ NODE_ENV: 'production', WALLET_PROVIDER: 'simulator' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', ...WIRE_ENV })).toEqual([]);
  });

  it('names each missing PayPal credential, and a provider or address that is not one', () => {
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'id' })).toEqual([expect.stringMatching(/^PAYPAL_CLIENT_SECRET is required/)]);
    expect(problemsOf({ WALLET_PROVIDER: 'paypal' })).toHaveLength(2);
    expect(problemsOf({ WALLET_PROVIDER: 'stripe' })).toEqual([expect.stringContaining("must be 'paypal' or 'simulator'")]);
    expect(problemsOf({ PAYPAL_API_BASE: 'api-m.paypal.com' })).toEqual([expect.stringContaining('must be an absolute URL')]);
  });
});

describe('the wire-transfer account', () => {
  it('is the configured account, trimmed, with the SWIFT code in capitals', () => {
    expect(wireTransferOf(loadConfig(WIRE_ENV))).toEqual({
      beneficiary: 'Everstone Fine Jewelry LLC',
      bank: 'First Test Bank, Boston, MA',
      routing_number: '123456780',
      account_number: '9876543210',
      swift: 'FTBKUS44XXX',
    });
  });

  it('is the example account outside production and in a demo store, never in a live one', () => {
    expect(wireTransferOf(loadConfig({}))).toEqual(EXAMPLE_WIRE_TRANSFER);
    expect(wireTransferOf(loadConfig({ NODE_ENV: 'production', WALLET_PROVIDER: 'simulator' }))).toEqual(EXAMPLE_WIRE_TRANSFER);
    expect(problemsOf({ NODE_ENV: 'production', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toEqual([
      expect.stringMatching(/^WIRE_\*: production needs the store's bank account for wire-transfer orders \(WIRE_BENEFICIARY, WIRE_BANK, WIRE_ROUTING_NUMBER, WIRE_ACCOUNT_NUMBER, WIRE_SWIFT\)/),
    ]);
  });

  it('names each setting missing from a partial account', () => {
    const { WIRE_BANK: _bank, WIRE_SWIFT: _swift, ...partial } = WIRE_ENV;
    expect(problemsOf(partial)).toEqual([
      "WIRE_BANK is required with the other WIRE_* settings (the store's bank account for wire transfers)",
      "WIRE_SWIFT is required with the other WIRE_* settings (the store's bank account for wire transfers)",
    ]);
  });

  it('refuses a routing number, account number or SWIFT code that cannot be one', () => {
    expect(problemsOf({ ...WIRE_ENV, WIRE_ROUTING_NUMBER: '12345678' })).toEqual(['WIRE_ROUTING_NUMBER must be the 9 digits of an ABA routing number']);
    // One digit mistyped: the check digit no longer matches.
    expect(problemsOf({ ...WIRE_ENV, WIRE_ROUTING_NUMBER: '123456789' })).toEqual([expect.stringMatching(/^WIRE_ROUTING_NUMBER is not a valid ABA routing number/)]);
    expect(problemsOf({ ...WIRE_ENV, WIRE_ACCOUNT_NUMBER: '12 34' })).toEqual(['WIRE_ACCOUNT_NUMBER must be 4 to 34 letters, digits or hyphens']);
    expect(problemsOf({ ...WIRE_ENV, WIRE_SWIFT: 'FTBK-US44' })).toEqual([expect.stringMatching(/^WIRE_SWIFT must be an 8- or 11-character SWIFT\/BIC code/)]);
  });
});
