import { sql, type Kysely } from 'kysely';
import {
  addIsoDays,
  HOLD_EXPIRING_HOURS,
  RING_SIZE_UNKNOWN,
  centsToPrice,
  isUnshipped,
  storeDayOf,
  storeDayStart,
  type AdminOrderSort,
  type AdminOrderSummary,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@everstone/contract';
import type { OrderTables } from './tables.ts';
import { escapeLike } from '../../lib/like.ts';

export interface OrderSearch {
  q?: string;
  status?: OrderStatus;
  payment_status?: PaymentStatus;
  method?: PaymentMethod;
  /** Eastern days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  expiring?: boolean;
  sort: AdminOrderSort;
  dir: 'asc' | 'desc';
  page: number;
  per_page: number;
}

const SORT_COLUMNS = {
  created_at: 'orders.id',
  total: 'orders.total_cents',
  name: 'orders.user_name',
  status: 'orders.order_status',
  hold_expires_at: 'orders.hold_expires_at',
} as const;

type Row = {
  id: number;
  order_number: string;
  created_at: string;
  user_name: string;
  contact_email: string;
  payment_mode: string;
  order_status: string;
  payment_status: string;
  total_cents: number;
  hold_expires_at: string | null;
  ships_by: string | null;
  lines: number;
};

function toSummary(row: Row): AdminOrderSummary {
  const holding = row.order_status === 'pending' && row.payment_status === 'pending';
  return {
    order_number: row.order_number,
    created_at: row.created_at,
    user_name: row.user_name,
    contact_email: row.contact_email,
    payment_mode: row.payment_mode as PaymentMethod,
    order_status: row.order_status as OrderStatus,
    payment_status: row.payment_status as PaymentStatus,
    total_price: centsToPrice(Number(row.total_cents)),
    hold_expires_at: holding ? row.hold_expires_at : null,
    ships_by: isUnshipped(row.order_status as OrderStatus) ? row.ships_by : null,
    lines: Number(row.lines),
  };
}

/**
 * The order desk's reads for the back office: the searchable list and what waits on staff. Read-only; the orders
 * module's tables, read by the orders module.
 */
export function createOrderSearch(db: Kysely<OrderTables>, now: () => Date) {
  function base() {
    return db
      .selectFrom('orders')
      .select([
        'orders.id',
        'orders.order_number',
        'orders.created_at',
        'orders.user_name',
        'orders.contact_email',
        'orders.payment_mode',
        'orders.order_status',
        'orders.payment_status',
        'orders.total_cents',
        'orders.hold_expires_at',
        'orders.ships_by',
        (eb) =>
          eb
            .selectFrom('order_items')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('order_items.order_id', '=', 'orders.id')
            .where('order_items.parent_line_id', 'is', null)
            .as('lines'),
      ]);
  }
  /** Whether a line of the order is made for the shopper: a ring, or a piece not from the shelf. */
  const madeToOrder = (eb: any) =>
    eb.exists(
      eb
        .selectFrom('order_items')
        .select('order_items.id')
        .whereRef('order_items.order_id', '=', 'orders.id')
        .where('order_items.parent_line_id', 'is', null)
        .where((e: any) => e.or([e('order_items.kind', '=', 'ring'), e.and([e('order_items.kind', '=', 'product'), e('order_items.from_stock', '=', 0)])])),
    );
  const expiringBy = () => new Date(now().getTime() + HOLD_EXPIRING_HOURS * 3_600_000).toISOString();

  return {
    async search(s: OrderSearch): Promise<{ orders: AdminOrderSummary[]; total: number }> {
      let q = db.selectFrom('orders');
      const text = s.q?.trim();
      if (text) {
        const upper = text.toUpperCase();
        const lower = text.toLowerCase();
        const contains = `%${escapeLike(lower)}%`;
        q = q.where((eb) =>
          eb.or([
            eb('orders.order_number', '=', upper),
            sql<boolean>`orders.order_number like ${`${escapeLike(upper)}%`} escape '\\'`,
            sql<boolean>`lower(orders.user_name) like ${contains} escape '\\'`,
            sql<boolean>`orders.contact_email like ${contains} escape '\\'`,
            eb.exists(
              eb
                .selectFrom('order_items')
                .select('order_items.id')
                .whereRef('order_items.order_id', '=', 'orders.id')
                .where('order_items.certificate_number', '=', upper),
            ),
          ]),
        );
      }
      if (s.status) q = q.where('orders.order_status', '=', s.status);
      if (s.payment_status) q = q.where('orders.payment_status', '=', s.payment_status);
      if (s.method) q = q.where('orders.payment_mode', '=', s.method);
      if (s.from) q = q.where('orders.created_at', '>=', storeDayStart(s.from));
      if (s.to) q = q.where('orders.created_at', '<', storeDayStart(addIsoDays(s.to, 1)));
      if (s.expiring) {
        q = q
          .where('orders.order_status', '=', 'pending')
          .where('orders.payment_status', '=', 'pending')
          .where('orders.hold_expires_at', 'is not', null)
          .where('orders.hold_expires_at', '<=', expiringBy());
      }
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const column = SORT_COLUMNS[s.sort];
      let rows = base();
      // The same filters, on the select with its columns: Kysely's builders are immutable, so rebuild from `q`'s where.
      rows = rows.where((eb) => eb('orders.id', 'in', q.select('orders.id')));
      const page = await rows
        .orderBy(sql.ref(column), s.dir)
        .orderBy('orders.id', s.dir)
        .limit(s.per_page)
        .offset((s.page - 1) * s.per_page)
        .execute();
      return { orders: page.map((r) => toSummary(r as unknown as Row)), total: Number(total) };
    },

    /** One account's orders, newest first (a customer's page in the back office). */
    async ofUser(userId: number): Promise<AdminOrderSummary[]> {
      const rows = await base().where('orders.user_id', '=', userId).orderBy('orders.id', 'desc').limit(100).execute();
      return rows.map((r) => toSummary(r as unknown as Row));
    },

    /** The order that holds a stone (reserved it and has not given it back, or bought it), newest first; null for none. */
    async holdingStone(diamondId: number): Promise<AdminOrderSummary | null> {
      const row = await base()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('order_items')
              .select('order_items.id')
              .whereRef('order_items.order_id', '=', 'orders.id')
              .where('order_items.diamond_id', '=', diamondId)
              .where('order_items.released_at', 'is', null),
          ),
        )
        .orderBy('orders.id', 'desc')
        .executeTakeFirst();
      return row ? toSummary(row as unknown as Row) : null;
    },

    /** How many orders each of these accounts placed. */
    async countsByUser(userIds: readonly number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('orders')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', 'in', [...userIds])
        .groupBy('user_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
    },

    /** What waits on staff, each group soonest deadline (or oldest) first, at most 100 each. */
    async queue(): Promise<{ wires: AdminOrderSummary[]; reviews: AdminOrderSummary[]; ring_sizes: AdminOrderSummary[]; expiring: AdminOrderSummary[] }> {
      const open = ['pending', 'confirmed', 'in_production'];
      const wires = await base()
        .where('orders.payment_mode', '=', 'pay-wire')
        .where('orders.order_status', '=', 'pending')
        .where('orders.payment_status', '=', 'pending')
        .orderBy('orders.hold_expires_at')
        .limit(100)
        .execute();
      const reviews = await base().where('orders.payment_status', '=', 'under_review').orderBy('orders.id').limit(100).execute();
      const ringSizes = await base()
        .where('orders.order_status', 'in', open)
        .where('orders.payment_status', 'not in', ['failed', 'expired', 'refunded'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('order_items')
              .select('order_items.id')
              .whereRef('order_items.order_id', '=', 'orders.id')
              .where('order_items.ring_size', '=', RING_SIZE_UNKNOWN),
          ),
        )
        .orderBy('orders.id')
        .limit(100)
        .execute();
      const expiring = await base()
        .where('orders.payment_mode', '<>', 'pay-wire')
        .where('orders.order_status', '=', 'pending')
        .where('orders.payment_status', '=', 'pending')
        .where('orders.hold_expires_at', 'is not', null)
        .where('orders.hold_expires_at', '<=', expiringBy())
        .orderBy('orders.hold_expires_at')
        .limit(100)
        .execute();
      const summaries = (rows: unknown[]) => rows.map((r) => toSummary(r as Row));
      return { wires: summaries(wires), reviews: summaries(reviews), ring_sizes: summaries(ringSizes), expiring: summaries(expiring) };
    },

    /**
     * What the workshop and the shipping desk have to do, each soonest ships-by first (at most 100 each): made-to-order
     * orders agreed and not through their quality check; orders that may leave now (packed or checked, their money
     * final: paid, or cash on delivery agreed); those past their ships-by day; and parcels not yet delivered.
     */
    async fulfilment(): Promise<{ to_make: AdminOrderSummary[]; to_ship: AdminOrderSummary[]; late: AdminOrderSummary[]; in_transit: AdminOrderSummary[] }> {
      const today = storeDayOf(now());
      const moneyFinal = (eb: any) => eb.or([eb('orders.payment_status', '=', 'paid'), eb.and([eb('orders.payment_mode', '=', 'cod'), eb('orders.payment_status', '=', 'pending')])]);
      // Agreed: confirmed with the shopper, or placed paid (a PayPal order), its payment not in doubt.
      const agreed = (eb: any) =>
        eb.or([
          eb.and([eb('orders.order_status', '=', 'confirmed'), eb('orders.payment_status', 'in', ['paid', 'pending'])]),
          eb.and([eb('orders.order_status', '=', 'pending'), eb('orders.payment_status', '=', 'paid')]),
        ]);
      const toMake = await base()
        .where((eb) => eb.or([eb('orders.order_status', '=', 'in_production'), agreed(eb)]))
        .where((eb) => madeToOrder(eb))
        .orderBy('orders.ships_by')
        .orderBy('orders.id')
        .limit(100)
        .execute();
      const toShip = await base()
        .where((eb) => eb.or([eb('orders.order_status', '=', 'ready_to_ship'), eb.and([agreed(eb), eb.not(madeToOrder(eb))])]))
        .where((eb) => moneyFinal(eb))
        .orderBy('orders.ships_by')
        .orderBy('orders.id')
        .limit(100)
        .execute();
      const late = await base()
        .where((eb) => eb.or([eb('orders.order_status', 'in', ['in_production', 'ready_to_ship']), agreed(eb)]))
        .where('orders.ships_by', '<', today)
        .orderBy('orders.ships_by')
        .orderBy('orders.id')
        .limit(100)
        .execute();
      const inTransit = await base().where('orders.order_status', '=', 'shipped').orderBy('orders.shipped_at').orderBy('orders.id').limit(100).execute();
      const summaries = (rows: unknown[]) => rows.map((r) => toSummary(r as Row));
      return { to_make: summaries(toMake), to_ship: summaries(toShip), late: summaries(late), in_transit: summaries(inTransit) };
    },
  };
}

export type OrderSearchQueries = ReturnType<typeof createOrderSearch>;
