import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SelectQueryNode, TableNode, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createInventoryService } from '../inventory/index.ts';
import { createProductRepository } from './repository.ts';
import { seedProducts } from './seed.ts';
import { createJewelryService } from './service.ts';

/** Holds the answer of the next read of every product until `open` is called: a catalog load caught halfway. */
function gateOnProducts() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let armed = true;
  const held = new WeakSet<object>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const from = SelectQueryNode.is(node) && !node.where ? node.from?.froms[0] : undefined;
      if (armed && from && TableNode.is(from) && from.table.identifier.name === 'products') {
        armed = false;
        held.add(queryId);
        reach();
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (held.has(queryId)) await gate;
      return result;
    },
  };
  return { plugin, reached, open: () => open() };
}

describe.each(TEST_ENGINES)('the catalog’s snapshot on %s', (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedProducts(db, createInventoryService({ db: db.db }));
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('never answers a request with a load started before the change that request already saw', async () => {
    const { plugin, reached, open } = gateOnProducts();
    const products = createJewelryService({ db: db.db.withPlugin(plugin), inventory: createInventoryService({ db: db.db }) });
    const repo = createProductRepository(db.db);
    const slug = (await db.db.selectFrom('products').select('slug').orderBy('id').executeTakeFirstOrThrow()).slug;
    // A load starts (held at the gate) for the catalog as it is now…
    const before = products.detail(slug);
    await reached;
    // …then staff rename the piece, and a shopper asks for it.
    const row = (await repo.findProductBySlug(slug))!;
    await repo.updateProduct(row.id, { name: 'A Name Given After The Load Began' });
    await repo.bumpVersion();
    const after = products.detail(slug);
    open();
    expect((await before).name).toBe(row.name);
    expect((await after).name).toBe('A Name Given After The Load Began');
  });
});
