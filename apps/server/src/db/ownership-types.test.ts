import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Handle, Tables, Tx } from './tables.ts';
import type { OrderTables } from '../modules/orders/tables.ts';
import type { AccountTables } from '../modules/accounts/tables.ts';

/*
 * Ownership as the compiler holds it. Each `@ts-expect-error` below plants a query or a handle that crosses an owner:
 * should the types ever let it through, the directive has nothing to expect and `npm run typecheck` fails. The
 * queries are built, never run.
 */

const ordersDb = null as unknown as Tables<OrderTables>;
const handedOver = null as unknown as Tx;

describe('table ownership, in the types', () => {
  it('lets a module query its own tables and no other module’s', () => {
    const own = () => ordersDb.selectFrom('orders').select('order_number');
    // @ts-expect-error The orders module owns no `users`: the accounts module does, and is asked through its face.
    const foreign = () => ordersDb.selectFrom('users').select('email');
    // @ts-expect-error Nor may it write another module's table.
    const write = () => ordersDb.updateTable('diamonds').set({ status: 'sold' });
    expect([own, foreign, write].every((f) => typeof f === 'function')).toBe(true);
  });

  it('hands a transaction on as a Tx, which runs no query until its receiver opens it as its own tables', () => {
    // @ts-expect-error A Tx has no query methods: an orchestrator (the checkout) cannot read or write through it.
    const query = () => handedOver.selectFrom('orders');
    // A module's own handle passes as a Handle to another module's face…
    const passed: Handle = ordersDb;
    // @ts-expect-error …but never as that other module's own tables.
    const opened: Kysely<AccountTables> = ordersDb;
    expect([query, passed, opened]).toHaveLength(3);
  });
});
