import type { DiamondStatus } from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { DiamondRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { toCsv } from '../../lib/csv.ts';
import { bumpInventoryVersion } from './feed-repository.ts';
import { IMPORT_COLUMNS } from './import.ts';
import { stoneFields } from './stone-fields.ts';
import { createStoneRepository } from './stone-repository.ts';
import { inventoryTables, type InventoryTables } from './tables.ts';

/** What staff may change on a stone from the back office. */
export interface StoneEdit {
  price_cents?: number;
  featured?: boolean;
  hidden?: boolean;
}

export type RecordStoneEdit = (trx: Handle, stone: { id: number; certificate_number: string }, change: { before: Record<string, unknown>; after: Record<string, unknown> }) => Promise<void>;

/** A stone as a row of the supplier file format: an export can be edited and imported again. */
function exportRow(d: DiamondRow): (string | number | null)[] {
  return Object.values(stoneFields(d)).map((v) => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : v));
}

/** The stone's state as the audit log records it, in the terms an import's entries use. */
function shown(d: DiamondRow) {
  const { price, featured, status } = stoneFields(d);
  return { price, featured, status };
}

/**
 * The stones as staff keep them (back office): a stone's price, its "featured deal" flag, and hiding it from the
 * search without selling it; and the whole inventory as a supplier file. Every change moves the inventory version
 * (the searches' caches) and lands in the stones' change feed by trigger (the search in memory follows it).
 */
export function createStoneDesk(deps: { db: { db: Handle; engine: Engine } }) {
  const d: ModuleDb<InventoryTables> = { db: inventoryTables(deps.db.db), engine: deps.db.engine };
  const stones = createStoneRepository(d.db);
  return {
    async find(id: number): Promise<DiamondRow> {
      const row = await stones.byId(id);
      if (!row) throw new NotFoundError(`No diamond with id ${id} exists.`);
      return row;
    },

    /**
     * Changes a stone. Hiding takes an available stone off the search (`hidden`); showing puts it back. A stone an
     * order reserved or sold cannot be hidden or shown: the order owns it. Its price may change while it is reserved
     * (the order keeps the price it was sold at), never once sold.
     */
    async edit(id: number, edit: StoneEdit, record: RecordStoneEdit): Promise<DiamondRow> {
      return writeTransaction(d, async (trx) => {
        const r = createStoneRepository(trx);
        const before = await r.byId(id);
        if (!before) throw new NotFoundError(`No diamond with id ${id} exists.`);
        const status = before.status as DiamondStatus;
        const set: Partial<DiamondRow> = {};
        if (edit.price_cents !== undefined && edit.price_cents !== Number(before.price_cents)) {
          if (status === 'sold') throw new ConflictError(`Diamond ${before.certificate_number} is sold: its price belongs to the order that bought it.`);
          set.price_cents = edit.price_cents;
        }
        if (edit.featured !== undefined && edit.featured !== (Number(before.is_superdeal) === 1)) set.is_superdeal = edit.featured ? 1 : 0;
        if (edit.hidden !== undefined && edit.hidden !== (status === 'hidden')) {
          if (status !== 'available' && status !== 'hidden') {
            throw new ConflictError(`Diamond ${before.certificate_number} is ${status} by an order, so it cannot be ${edit.hidden ? 'hidden' : 'shown'}: cancel the order to release it first.`);
          }
          set.status = edit.hidden ? 'hidden' : 'available';
        }
        if (Object.keys(set).length === 0) return before;
        // The status condition settles a race with an order reserving the stone between the read and this write.
        if (!(await r.updateIfStatus(id, status, set))) throw new ConflictError(`Diamond ${before.certificate_number} changed meanwhile (an order may have reserved it). Nothing was changed; reload it.`);
        await bumpInventoryVersion(trx);
        const after = (await r.byId(id))!;
        const b = shown(before);
        const a = shown(after);
        const keys = (Object.keys(a) as (keyof typeof a)[]).filter((k) => a[k] !== b[k]);
        await record(trx, { id, certificate_number: before.certificate_number }, { before: Object.fromEntries(keys.map((k) => [k, b[k]])), after: Object.fromEntries(keys.map((k) => [k, a[k]])) });
        return after;
      });
    },

    /** The whole inventory in the supplier file's columns, a page of rows at a time (by id), header first. */
    async *exportCsv(pageSize = 5000): AsyncGenerator<string> {
      yield toCsv([Object.keys(IMPORT_COLUMNS)]);
      let after = 0;
      for (;;) {
        const rows = await stones.pageAfter(after, pageSize);
        if (rows.length === 0) return;
        yield toCsv(rows.map(exportRow));
        after = Number(rows[rows.length - 1]!.id);
      }
    },
  };
}

export type StoneDesk = ReturnType<typeof createStoneDesk>;
