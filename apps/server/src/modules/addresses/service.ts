import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  MAX_ADDRESSES_PER_USER,
  type Address,
  type AddressListResponse,
  type DeliveryCountry,
  type MessageResponse,
  type addressRequestSchema,
} from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { AddressRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { requireOwner, type SignedIn } from '../../plugins/auth.ts';
import { lockAccount } from '../accounts/index.ts';
import { createAddressRepository, type AddressFields, type AddressRepository } from './repository.ts';
import { addressTables } from './tables.ts';

export type AddressInput = z.output<typeof addressRequestSchema>;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    company: row.company,
    country: row.country as DeliveryCountry,
    address: { street: row.street, apartment: row.apartment, city: row.city, state: row.state, zip: row.zip },
    phone_number: row.phone_number,
    is_get_offer: row.is_get_offer ? 1 : 0,
    is_default: row.is_default === 1,
  };
}

function fieldsOf(input: AddressInput): AddressFields {
  return {
    first_name: input.first_name,
    last_name: input.last_name,
    company: input.company,
    country: input.country,
    street: input.address.street,
    apartment: input.address.apartment,
    city: input.address.city,
    state: input.address.state,
    zip: input.address.zip,
    phone_number: input.phone_number,
  };
}

/**
 * Saved addresses. Every call takes the signed-in user and works only on that user's rows: another user's id,
 * in the path or in the body's user_id, is a 403.
 */
export function createAddressService(deps: { db: Handle; engine: Engine; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const db = addressTables(deps.db);
  const repo = createAddressRepository(db);

  /**
   * Runs `work` in a transaction that holds the user's account, so two requests of one user (two tabs saving a
   * default) take turns.
   */
  function forUser<T>(userId: number, work: (r: AddressRepository) => Promise<T>): Promise<T> {
    return writeTransaction({ db, engine: deps.engine }, async (trx) => {
      await lockAccount(trx, deps.engine, userId);
      return work(createAddressRepository(trx));
    });
  }

  const requireBodyOwner = (signedIn: SignedIn, input: AddressInput) => {
    if (input.user_id !== undefined) requireOwner(signedIn, input.user_id, ACCOUNT_MESSAGES.notYourAddress);
  };

  async function ownAddress(signedIn: SignedIn, id: number): Promise<AddressRow> {
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError(ACCOUNT_MESSAGES.noAddress);
    requireOwner(signedIn, row.user_id, ACCOUNT_MESSAGES.notYourAddress);
    return row;
  }

  async function reload(r: AddressRepository, id: number): Promise<Address> {
    const row = await r.findById(id);
    // Deleted by a concurrent request of the same user between our check and our write.
    if (!row) throw new NotFoundError(ACCOUNT_MESSAGES.noAddress);
    return toAddress(row);
  }

  return {
    /** A customer's addresses for the back office (its own scope checks who may ask). */
    async listOfUser(userId: number): Promise<Address[]> {
      return (await repo.listByUser(userId)).map(toAddress);
    },

    async list(signedIn: SignedIn): Promise<AddressListResponse> {
      return { data: (await repo.listByUser(signedIn.user.id)).map(toAddress) };
    },

    /** §7 GET /api/user-address/{userId}: the user's default address. */
    async defaultOf(signedIn: SignedIn, userId: number): Promise<Address> {
      requireOwner(signedIn, userId, ACCOUNT_MESSAGES.notYourAddress);
      const row = await repo.findDefault(userId);
      if (!row) throw new NotFoundError(ACCOUNT_MESSAGES.noAddress);
      return toAddress(row);
    },

    /**
     * §7 POST /api/store-addresses, called by checkout before an order: the address becomes the default. The same
     * address saved again is the same record (made default, offers choice updated), not a copy per order. The
     * account's cap holds here too, without ever failing a checkout: at the cap, the address saved or used longest
     * ago gives way to the new one.
     */
    async storeFromCheckout(signedIn: SignedIn, input: AddressInput): Promise<{ address: Address; created: boolean }> {
      requireBodyOwner(signedIn, input);
      const userId = signedIn.user.id;
      const fields = fieldsOf(input);
      const at = now().toISOString();
      return forUser(userId, async (r) => {
        const same = await r.findIdentical(userId, fields);
        if (same) {
          await r.setOffer(same.id, input.is_get_offer, at);
          await r.makeDefault(userId, same.id);
          return { address: await reload(r, same.id), created: false };
        }
        while ((await r.countByUser(userId)) >= MAX_ADDRESSES_PER_USER) {
          const stalest = await r.stalestOf(userId);
          if (stalest === null) break;
          await r.delete(stalest);
        }
        await r.clearDefault(userId);
        const id = await r.insert(userId, fields, { isGetOffer: input.is_get_offer, isDefault: true }, at);
        return { address: await reload(r, id), created: true };
      });
    },

    /** A new address from the profile; the first one, or one sent with is_default: true, becomes the default. */
    async create(signedIn: SignedIn, input: AddressInput): Promise<Address> {
      requireBodyOwner(signedIn, input);
      const userId = signedIn.user.id;
      return forUser(userId, async (r) => {
        if ((await r.countByUser(userId)) >= MAX_ADDRESSES_PER_USER) {
          throw new ValidationError({ address: [ACCOUNT_MESSAGES.tooManyAddresses] }, ACCOUNT_MESSAGES.tooManyAddresses);
        }
        const isDefault = input.is_default === true || (await r.findDefault(userId)) === null;
        if (isDefault) await r.clearDefault(userId);
        const id = await r.insert(userId, fieldsOf(input), { isGetOffer: input.is_get_offer, isDefault }, now().toISOString());
        return reload(r, id);
      });
    },

    /** Replaces the typed fields; is_default: true also makes it the default (false leaves the default as it is). */
    async update(signedIn: SignedIn, id: number, input: AddressInput): Promise<Address> {
      requireBodyOwner(signedIn, input);
      const row = await ownAddress(signedIn, id);
      return forUser(row.user_id, async (r) => {
        await r.update(id, fieldsOf(input), input.is_get_offer, now().toISOString());
        if (input.is_default === true) await r.makeDefault(row.user_id, id);
        return reload(r, id);
      });
    },

    /** Deleting the default promotes the most recently saved of the others. */
    async remove(signedIn: SignedIn, id: number): Promise<MessageResponse> {
      const row = await ownAddress(signedIn, id);
      await forUser(row.user_id, async (r) => {
        await r.delete(id);
        if (row.is_default === 1) {
          const next = await r.newestOf(row.user_id);
          if (next !== null) await r.makeDefault(row.user_id, next);
        }
      });
      return { message: ACCOUNT_MESSAGES.addressDeleted };
    },

    async makeDefault(signedIn: SignedIn, id: number): Promise<Address> {
      const row = await ownAddress(signedIn, id);
      return forUser(row.user_id, async (r) => {
        await r.makeDefault(row.user_id, id);
        return reload(r, id);
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
