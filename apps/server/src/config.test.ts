import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_NEXUS, EXAMPLE_WIRE_TRANSFER } from '@everstone/contract';
import { ConfigError, loadConfig, secondFactorPolicyOf, walletProviderOf, wireTransferOf } from './config.ts';

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

/** A live production store, configured as one should be. */
const LIVE_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.com',
  SMTP_URL: 'smtps://store:secret@smtp.example.com:465',
  PAYPAL_CLIENT_ID: 'live-id',
  PAYPAL_CLIENT_SECRET: 'live-secret',
  PAYPAL_API_BASE: 'https://api-m.paypal.com',
  ...WIRE_ENV,
};

describe('the wallet configuration', () => {
  it('is the simulator by default outside production, and PayPal once its credentials are set', () => {
    expect(walletProviderOf(loadConfig({}))).toBe('simulator');
    const paypal = loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    expect(walletProviderOf(paypal)).toBe('paypal');
    expect(paypal.PAYPAL_API_BASE).toBe('https://api-m.sandbox.paypal.com');
    expect(loadConfig({ PAYPAL_API_BASE: 'https://api-m.paypal.com/' }).PAYPAL_API_BASE).toBe('https://api-m.paypal.com');
  });

  it('refuses to start in production with the simulator unless the store says it is a demo', () => {
    expect(problemsOf({ ...LIVE_ENV, PAYPAL_CLIENT_ID: undefined!, PAYPAL_CLIENT_SECRET: undefined! })).toEqual([expect.stringContaining('WALLET_PROVIDER: production needs PAYPAL_CLIENT_ID')]);
    expect(problemsOf({ ...LIVE_ENV, WALLET_PROVIDER: 'simulator' })).toEqual([expect.stringContaining('STORE_MODE=demo')]);
    expect(problemsOf({ NODE_ENV: 'production', STORE_MODE: 'demo', WALLET_PROVIDER: 'simulator' })).toEqual([]);
    expect(problemsOf(LIVE_ENV)).toEqual([]);
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
    expect(wireTransferOf(loadConfig({ NODE_ENV: 'production', STORE_MODE: 'demo', WALLET_PROVIDER: 'simulator' }))).toEqual(EXAMPLE_WIRE_TRANSFER);
    const { WIRE_BENEFICIARY: _1, WIRE_BANK: _2, WIRE_ROUTING_NUMBER: _3, WIRE_ACCOUNT_NUMBER: _4, WIRE_SWIFT: _5, ...noWire } = LIVE_ENV;
    expect(problemsOf(noWire)).toEqual([
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

describe('a production start', () => {
  it.each([
    ['PUBLIC_URL', { PUBLIC_URL: '' }, /^PUBLIC_URL: production needs the address shoppers use/],
    // Over http the back office's cookie goes without Secure, and passwords and reset links cross the network readable.
    ['an http PUBLIC_URL', { PUBLIC_URL: 'http://shop.example.com' }, /^PUBLIC_URL: production needs an https:\/\/ address \(got http:\)/],
    ['an http PUBLIC_URL on loopback', { PUBLIC_URL: 'http://127.0.0.1:3000' }, /^PUBLIC_URL: production needs an https:\/\/ address/],
    ['SMTP_URL', { SMTP_URL: '' }, /^SMTP_URL: production needs an outgoing mail server/],
    ['rate limits off', { RATE_LIMITS_ENABLED: 'false' }, /^RATE_LIMITS_ENABLED=false: production must keep the limits/],
    ['the PayPal sandbox', { PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com' }, /^PAYPAL_API_BASE: production takes PayPal payments on the sandbox/],
    ['a demo inventory', { SEED_DEMO: 'true' }, /^SEED_DEMO=true: production would fill an empty store with invented diamonds/],
  ])('refuses %s, naming the setting and the way out', (_case, change, message) => {
    const problems = problemsOf({ ...LIVE_ENV, ...change });
    expect(problems).toEqual([expect.stringMatching(message)]);
    expect(problems[0]).toContain('STORE_MODE=demo');
    // The same settings are a demo store's to choose.
    expect(problemsOf({ ...LIVE_ENV, ...change, STORE_MODE: 'demo' })).toEqual([]);
  });

  it('names every problem at once', () => {
    expect(problemsOf({ NODE_ENV: 'production' }).map((p) => p.split(/[:= ]/)[0])).toEqual(['WALLET_PROVIDER', 'WIRE_*', 'PUBLIC_URL', 'SMTP_URL']);
  });

  it('never seeds a demo inventory unless asked, and does outside production', () => {
    expect(loadConfig(LIVE_ENV).SEED_DEMO).toBe(false);
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', STORE_MODE: 'demo', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('asks owners of a live store for a second factor, and never lets a live store ask nobody', () => {
    expect(secondFactorPolicyOf(loadConfig(LIVE_ENV))).toBe('owners');
    expect(secondFactorPolicyOf(loadConfig({ ...LIVE_ENV, ADMIN_SECOND_FACTOR: 'staff' }))).toBe('staff');
    const offered = problemsOf({ ...LIVE_ENV, ADMIN_SECOND_FACTOR: 'offered' });
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatch(/^ADMIN_SECOND_FACTOR=offered: production requires the owners' second factor/);
    // A development or demo store offers it; it may ask for it too.
    expect(secondFactorPolicyOf(loadConfig({}))).toBe('offered');
    expect(secondFactorPolicyOf(loadConfig({ ...LIVE_ENV, STORE_MODE: 'demo', ADMIN_SECOND_FACTOR: 'offered' }))).toBe('offered');
    expect(secondFactorPolicyOf(loadConfig({ ADMIN_SECOND_FACTOR: 'owners' }))).toBe('owners');
    expect(problemsOf({ ADMIN_SECOND_FACTOR: 'everyone' })).toEqual(['ADMIN_SECOND_FACTOR must be one of owners, staff, offered']);
  });

  it('refuses a STORE_MODE that is not one', () => {
    expect(problemsOf({ STORE_MODE: 'staging' })).toEqual(["STORE_MODE must be 'live' or 'demo'"]);
  });
});

describe('the network settings', () => {
  it('listen on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('take TRUST_PROXY as a hop count or a list of proxy addresses, never as "trust everyone"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([expect.stringMatching(/^TRUST_PROXY must say which proxies to trust: 'true' would take the client's own X-Forwarded-For/)]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toEqual([expect.stringContaining('not an address: 10.0.0.0/33, proxy.local')]);
    expect(problemsOf({ TRUST_PROXY: '11' })).toEqual([expect.stringContaining('hop count from 1 to 10')]);
  });
});

describe('the ceiling on unpaid holds of new accounts', () => {
  it('is 1,000 units unless UNPAID_HOLD_CEILING says otherwise, 0 included, and refuses what is no count', () => {
    expect(loadConfig({}).UNPAID_HOLD_CEILING).toBe(1000);
    expect(loadConfig({ UNPAID_HOLD_CEILING: '0' }).UNPAID_HOLD_CEILING).toBe(0);
    expect(loadConfig({ UNPAID_HOLD_CEILING: '2500' }).UNPAID_HOLD_CEILING).toBe(2500);
    expect(problemsOf({ UNPAID_HOLD_CEILING: '-1' })).toEqual([expect.stringMatching(/^UNPAID_HOLD_CEILING /)]);
    expect(problemsOf({ UNPAID_HOLD_CEILING: 'lots' })).toEqual([expect.stringMatching(/^UNPAID_HOLD_CEILING /)]);
  });
});

describe('the store’s own closed days', () => {
  it('are read as a list of days, and a day that does not exist is refused by name', () => {
    expect(loadConfig({ STORE_CLOSED_DAYS: ' 2026-12-24 ,2026-12-31,' }).STORE_CLOSED_DAYS).toEqual(['2026-12-24', '2026-12-31']);
    expect(loadConfig({}).STORE_CLOSED_DAYS).toEqual([]);
    const problems = problemsOf({ STORE_CLOSED_DAYS: '2026-12-24,2026-02-30,12/31/2026' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^STORE_CLOSED_DAYS.*not a date: 2026-02-30, 12\/31\/2026$/);
  });
});

describe('where sales tax is collected', () => {
  it('is every US state with a sales tax, and Canada, unless TAX_NEXUS says otherwise', () => {
    expect(loadConfig({}).TAX_NEXUS).toEqual(DEFAULT_TAX_NEXUS);
    expect(loadConfig({ TAX_NEXUS: 'ny,NJ, CA' }).TAX_NEXUS).toEqual({ states: ['CA', 'NJ', 'NY'], canada: false });
    expect(loadConfig({ TAX_NEXUS: 'CANADA' }).TAX_NEXUS).toEqual({ states: [], canada: true });
    expect(loadConfig({ TAX_NEXUS: 'none' }).TAX_NEXUS).toEqual({ states: [], canada: false });
  });

  it('refuses a place it does not know, by name', () => {
    const problems = problemsOf({ TAX_NEXUS: 'NY,Ontario,ZZ' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TAX_NEXUS must be state codes .* not one: ONTARIO, ZZ$/);
  });
});
