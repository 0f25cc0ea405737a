import type { Kysely } from 'kysely';
import type { OrderTables } from './tables.ts';

/** Orders placed in [from, to) and not cancelled: how many, and their totals in cents. */
export interface Figure {
  orders: number;
  revenueCents: number;
}

/**
 * The orders' figures for the back office's numbers: read-only sums over the orders module's own tables. An order
 * counts when placed and not cancelled; a stone counts as sold once its order is paid (or completed).
 */
export function createOrderNumbers(db: Kysely<OrderTables>) {
  return {
    async figure(from: string, to: string): Promise<Figure> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('cents')])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('order_status', '<>', 'cancelled')
        .executeTakeFirstOrThrow();
      return { orders: Number(row.n), revenueCents: Number(row.cents) };
    },

    /** The stones of paid or completed orders placed in [from, to), with their type. */
    async stonesSold(from: string, to: string): Promise<{ diamondId: number; type: number | null }[]> {
      const rows = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select(['order_items.diamond_id', 'order_items.type'])
        .where('order_items.diamond_id', 'is not', null)
        .where('orders.created_at', '>=', from)
        .where('orders.created_at', '<', to)
        .where((eb) => eb.or([eb('orders.payment_status', '=', 'paid'), eb('orders.order_status', '=', 'completed')]))
        .execute();
      return rows.map((r) => ({ diamondId: Number(r.diamond_id), type: r.type === null ? null : Number(r.type) }));
    },

    /** Ring lines of orders placed in [from, to) and not cancelled. */
    async ringsOrdered(from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_items.kind', '=', 'ring')
        .where('orders.created_at', '>=', from)
        .where('orders.created_at', '<', to)
        .where('orders.order_status', '<>', 'cancelled')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type OrderNumbers = ReturnType<typeof createOrderNumbers>;
