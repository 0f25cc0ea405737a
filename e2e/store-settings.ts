import type { WireTransfer } from '@everstone/contract';

/**
 * The bank account the journeys' store is configured with (WIRE_*), so a journey can tell the configured account
 * from the example one a store without it falls back to.
 */
export const E2E_WIRE_ACCOUNT: WireTransfer = {
  beneficiary: 'Everstone Journeys LLC',
  bank: 'Journey Savings Bank, Newark, NJ',
  routing_number: '987654320',
  account_number: '5550001234',
  swift: 'JSBKUS3N',
};
