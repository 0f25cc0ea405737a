import type { Kysely } from 'kysely';
import type { OrderTables } from './tables.ts';

/** Orders placed in [from, to) and not cancelled: how many, and their totals in cents. */
export interface Figure {
  orders: number;
  revenueCents: number;
}

/**
 * The orders' figures for the back office's numbers: read-only sums over the orders module's own tables. An order
 * counts when placed and not cancelled; a stone counts as sold once its order is paid (or completed). The after-sale
 * reads (shipping, returns, refunds, the workshop) give rows or sums; the figures are made from them in admin/numbers.ts.
 */
export function createOrderNumbers(db: Kysely<OrderTables>) {
  return {
    async figure(from: string, to: string): Promise<Figure> {
      const row = await db
        .selectFrom('orders')
        // Revenue is what the store sells for: the sales tax it collects is the states' and provinces', not its own.
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>(eb('total_cents', '-', eb.ref('tax_cents'))), eb.lit(0)).as('cents')])
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

    /**
     * Orders that shipped in [from, to): when (the order's own shipped_at, its one shipping), the days promised, and
     * whether a new ships-by date was given before it left (a 'delayed' step on its timeline).
     */
    async shippedIn(from: string, to: string): Promise<{ shippedAt: string; promisedShipsBy: string | null; shipsBy: string | null; delayed: boolean }[]> {
      const rows = await db
        .selectFrom('orders')
        .select((eb) => [
          'orders.shipped_at',
          'orders.promised_ships_by',
          'orders.ships_by',
          eb
            .exists(
              eb
                .selectFrom('order_events')
                .select('order_events.id')
                .whereRef('order_events.order_id', '=', 'orders.id')
                .where('order_events.step', '=', 'delayed')
                .whereRef('order_events.at', '<=', 'orders.shipped_at'),
            )
            .as('delayed'),
        ])
        .where('orders.shipped_at', '>=', from)
        .where('orders.shipped_at', '<', to)
        .execute();
      return rows.map((r) => ({ shippedAt: r.shipped_at!, promisedShipsBy: r.promised_ships_by, shipsBy: r.ships_by, delayed: Boolean(r.delayed) }));
    },

    /** Returns requested in [from, to) and not withdrawn (cancelled): each one's order, reason and status, and whether it was settled as an exchange. */
    async returnsRequested(from: string, to: string): Promise<{ orderId: number; reason: string; status: string; exchanged: boolean }[]> {
      const rows = await db
        .selectFrom('order_returns')
        .select(['order_id', 'reason', 'status', 'exchange_order_number'])
        .where('requested_at', '>=', from)
        .where('requested_at', '<', to)
        .where('status', '<>', 'cancelled')
        .execute();
      return rows.map((r) => ({ orderId: Number(r.order_id), reason: r.reason, status: r.status, exchanged: r.exchange_order_number !== null }));
    },

    /** Orders delivered in [from, to), whatever became of them since (completed, returned). */
    async delivered(from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('delivered_at', '>=', from)
        .where('delivered_at', '<', to)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The cents refunded in [from, to): refunds completed in it. A refund recorded with another route's reference is
     * written completed at once, without a completed_at: its created_at is then when it was done.
     */
    async refunded(from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom('order_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
        .where('status', '=', 'completed')
        .where((eb) => eb.fn.coalesce('completed_at', 'created_at'), '>=', from)
        .where((eb) => eb.fn.coalesce('completed_at', 'created_at'), '<', to)
        .executeTakeFirstOrThrow();
      return Number(row.cents);
    },

    /** The quality checks recorded in [from, to), each with when its order's stone went to the bench. */
    async productionFinished(from: string, to: string): Promise<{ benchAt: string; checkedAt: string }[]> {
      const rows = await db
        .selectFrom('order_events as qc')
        .innerJoin('order_events as bench', (join) => join.onRef('bench.order_id', '=', 'qc.order_id').on('bench.step', '=', 'production').on('bench.stage', '=', 'bench'))
        .select(['bench.at as bench_at', 'qc.at as checked_at'])
        .where('qc.step', '=', 'production')
        .where('qc.stage', '=', 'quality_check')
        .where('qc.at', '>=', from)
        .where('qc.at', '<', to)
        .execute();
      return rows.map((r) => ({ benchAt: r.bench_at, checkedAt: r.checked_at }));
    },

    /** Orders in the workshop now: started at the bench, their quality check not yet recorded. */
    async inProduction(): Promise<number> {
      const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('order_status', '=', 'in_production').executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type OrderNumbers = ReturnType<typeof createOrderNumbers>;
