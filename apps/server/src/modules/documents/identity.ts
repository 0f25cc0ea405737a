import { SHOWROOM_ADDRESS } from '@everstone/contract';

/** Who issues the documents and where a return goes. */
export interface StoreIdentity {
  /** The wordmark: 'Everstone'. */
  name: string;
  /** The name the store signs with (its emails' signature). */
  legalName: string;
  /** The showroom, which is also where returns are received. */
  address: { street: string; city: string; region: string; zip: string; country: string };
  /** Where shoppers write (STORE_EMAIL). */
  email: string;
}

/**
 * The store on its documents: the showroom address the appointments already give (the contract's SHOWROOM_ADDRESS),
 * the name its emails sign with, and STORE_EMAIL's default; the app passes the configured address (`withEmail`).
 */
export const STORE_IDENTITY: StoreIdentity = {
  name: 'Everstone',
  legalName: 'Everstone Fine Jewelry',
  address: { ...SHOWROOM_ADDRESS, country: 'United States' },
  email: 'care@everstone.example',
};

/** STORE_IDENTITY with the store's configured email address. */
export const identityWith = (email: string): StoreIdentity => ({ ...STORE_IDENTITY, email });
