import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

/**
 * The stones' change feed (inventory; docs/decisions/016-search-in-memory.md): every insert, update or delete of a
 * diamond row adds its id to stone_changes, by trigger, so no writer can forget to. The search's in-memory copy of
 * the stones on every instance reads the feed to stay current.
 *
 * A change gets its place in the feed (`seq`) only when its transaction moves the inventory version, which is the
 * last thing every stone-changing transaction does and locks the version row until commit: seqs are therefore handed
 * out in commit order, and a reader that has seen seq n has seen every change before it. Rows still without a seq
 * belong to a transaction not yet committed (or one that changed stones without moving the version: the next one
 * that does gives them theirs). A change with no diamond (NULL) says "reread everything" (a new seed).
 */
export function stoneChangeTriggers(engine: Engine): { create: string[]; drop: string[] } {
  if (engine === 'sqlite') {
    return {
      create: [
        `create trigger stone_changes_insert after insert on diamonds begin insert into stone_changes (diamond_id) values (new.id); end`,
        `create trigger stone_changes_update after update on diamonds begin insert into stone_changes (diamond_id) values (new.id); end`,
        `create trigger stone_changes_delete after delete on diamonds begin insert into stone_changes (diamond_id) values (old.id); end`,
      ],
      drop: ['drop trigger stone_changes_insert', 'drop trigger stone_changes_update', 'drop trigger stone_changes_delete'],
    };
  }
  return {
    create: [`create trigger stone_changes_record after insert or update or delete on diamonds for each row execute function stone_changes_record()`],
    drop: ['drop trigger stone_changes_record on diamonds'],
  };
}

export function stoneChangesMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stone_changes')
        .addColumn('id', engine === 'postgres' ? 'bigint' : 'integer', (c) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()))
        .addColumn('diamond_id', 'integer')
        .addColumn('seq', 'bigint')
        .execute();
      await db.schema.createIndex('stone_changes_seq_idx').on('stone_changes').columns(['seq']).execute();
      if (engine === 'postgres') {
        await sql
          .raw(
            `create function stone_changes_record() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    insert into stone_changes (diamond_id) values (old.id);
  else
    insert into stone_changes (diamond_id) values (new.id);
  end if;
  return null;
end $$`,
          )
          .execute(db);
      }
      for (const statement of stoneChangeTriggers(engine).create) await sql.raw(statement).execute(db);
      // The stones already there: one "reread everything" to start the feed from.
      await db.insertInto('stone_changes').values({ diamond_id: null, seq: 1 }).execute();
    },
  };
}
