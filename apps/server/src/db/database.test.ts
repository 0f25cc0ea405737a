import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from './database.ts';

describe('the embedded database', () => {
  it('keeps its folder and files readable by the store’s own user only', async () => {
    const root = mkdtempSync(join(tmpdir(), 'everstone-db-'));
    const path = join(root, 'data', 'store.db');
    const d = createDb(`sqlite:${path}`);
    try {
      await migrateToLatest(d);
      expect(statSync(join(root, 'data')).mode & 0o777).toBe(0o700);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(statSync(file).mode & 0o077, file).toBe(0);
    } finally {
      await d.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
