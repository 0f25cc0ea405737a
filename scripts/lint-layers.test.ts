import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { boundaryViolation, ownershipViolation, queryPlacementViolation } from '../eslint/boundaries.js';

/** What `npm run lint` says of `code` if it were the file at `path` (repository-relative). */
async function lint(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '..') });
  const [result] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '..', path) });
  return result!.messages.filter((m) => m.ruleId === 'layers/boundaries').map((m) => m.message);
}

describe('the layers, held by npm run lint', () => {
  it('fails a module reaching into another module’s files, and passes its public face', async () => {
    expect(await lint('apps/server/src/modules/orders/example.ts', "import { createDiamondRepository } from '../diamonds/repository.ts';\nexport { createDiamondRepository };\n")).toEqual([
      'apps/server/src/modules/orders/example.ts may not import ../diamonds/repository.ts: modules/diamonds is reached through its public face, modules/diamonds/index.ts.',
    ]);
    expect(await lint('apps/server/src/modules/orders/example.ts', "import { createDiamondService } from '../diamonds/index.ts';\nexport { createDiamondService };\n")).toEqual([]);
  });

  it('holds every other zone', () => {
    expect(boundaryViolation('apps/server/src/plugins/auth.ts', 'apps/server/src/modules/accounts/index.ts')).toMatch(/infrastructure: it imports no module/);
    expect(boundaryViolation('apps/server/src/lib/store-url.ts', 'apps/server/src/modules/mail/index.ts')).toMatch(/infrastructure/);
    expect(boundaryViolation('apps/server/src/app.ts', 'apps/server/src/modules/orders/service.ts')).toMatch(/public face/);
    // A module's tables are opened by the composition root; another module never opens them.
    expect(boundaryViolation('apps/server/src/modules/checkout/service.ts', 'apps/server/src/modules/orders/tables.ts')).toMatch(/calls its face instead/);
    expect(boundaryViolation('apps/server/src/app.ts', 'apps/server/src/modules/orders/tables.ts')).toBeNull();
    expect(boundaryViolation('apps/server/src/modules/orders/service.ts', 'apps/server/src/modules/orders/tables.ts')).toBeNull();
    expect(boundaryViolation('packages/contract/src/orders/orders.ts', 'apps/server/src/errors.ts')).toMatch(/the contract imports nothing of the apps/);
    expect(boundaryViolation('apps/web/app/routes/cart.tsx', 'apps/server/src/errors.ts')).toMatch(/the storefront imports nothing of the server/);
    expect(boundaryViolation('apps/web/app/components/ui/button.tsx', 'apps/web/app/features/cart/cart-line.tsx')).toMatch(/imports no feature/);
    expect(boundaryViolation('apps/web/app/features/checkout/summary.tsx', 'apps/web/app/features/cart/cart-line.tsx')).toMatch(/imports no other feature/);
    expect(boundaryViolation('apps/web/app/lib/api.ts', 'apps/web/app/routes/cart.tsx')).toMatch(/infrastructure/);
    expect(boundaryViolation('apps/web/app/lib/session.ts', 'apps/web/app/domain/cart.ts')).toMatch(/infrastructure: it imports no domain/);
    expect(boundaryViolation('apps/web/app/domain/cart.ts', 'apps/web/app/features/cart/cart-line.tsx')).toMatch(/domain\/ holds the rules/);
    expect(boundaryViolation('apps/web/app/components/ui/button.tsx', 'apps/web/app/domain/cart.ts')).toMatch(/no feature or domain/);
    expect(boundaryViolation('apps/web/app/features/cart/cart-line.tsx', 'apps/web/app/domain/cart.ts')).toBeNull();
    expect(boundaryViolation('apps/web/app/domain/cart.ts', 'apps/web/app/lib/browser-store.ts')).toBeNull();
    // The back office's areas: another area through its face, the kit from anywhere, the kit from no area.
    expect(boundaryViolation('apps/web/app/features/admin/customers/customer-view.tsx', 'apps/web/app/features/admin/orders/order-links.tsx')).toMatch(/reached through its face, features\/admin\/orders\/index.ts/);
    expect(boundaryViolation('apps/web/app/features/admin/customers/customer-view.tsx', 'apps/web/app/features/admin/orders/index.ts')).toBeNull();
    expect(boundaryViolation('apps/web/app/features/admin/customers/customer-view.tsx', 'apps/web/app/features/admin/kit/table.tsx')).toBeNull();
    expect(boundaryViolation('apps/web/app/features/admin/kit/table.tsx', 'apps/web/app/features/admin/orders/index.ts')).toMatch(/the admin kit imports no area/);
    expect(boundaryViolation('apps/web/app/routes/admin/order.tsx', 'apps/web/app/features/admin/orders/order-view.tsx')).toBeNull();
    expect(boundaryViolation('e2e/cart.spec.ts', 'packages/contract/src/orders/index.ts')).toMatch(/by its name/);
    expect(boundaryViolation('e2e/cart.spec.ts', 'packages/contract/src/index.ts', true)).toBeNull();
    expect(boundaryViolation('bench/pages.ts', 'apps/web/app/domain/cart.ts')).toMatch(/belongs in the contract/);
    expect(boundaryViolation('e2e/serve.ts', 'apps/server/src/db/database.ts')).toMatch(/published entry points/);
    expect(boundaryViolation('e2e/serve.ts', 'apps/server/src/tools.ts', true)).toBeNull();
    // What stays allowed: inside a module, inside a feature, ui from a feature, the contract from anywhere.
    expect(boundaryViolation('apps/server/src/modules/orders/service.ts', 'apps/server/src/modules/orders/repository.ts')).toBeNull();
    expect(boundaryViolation('apps/web/app/features/cart/cart-line.tsx', 'apps/web/app/components/ui/safe-image.tsx')).toBeNull();
    expect(boundaryViolation('apps/web/app/features/cart/cart-line.tsx', 'packages/contract/src/core.ts')).toBeNull();
  });

  it('keeps a module to its own tables and its SQL in its repositories', () => {
    expect(ownershipViolation('apps/server/src/modules/orders/service.ts', 'apps/server/src/db/schema.ts', 'Database')).toMatch(/only its own tables/);
    expect(ownershipViolation('apps/server/src/modules/orders/service.ts', 'apps/server/src/db/schema.ts', 'OrderRow')).toBeNull();
    expect(ownershipViolation('apps/server/src/modules/orders/tables.ts', 'apps/server/src/db/schema.ts', 'Database')).toBeNull();
    expect(ownershipViolation('apps/server/src/modules/orders/desk.ts', 'apps/server/src/db/tables.ts', 'tablesOf')).toMatch(/tables.ts opens/);
    expect(ownershipViolation('apps/server/src/app.ts', 'apps/server/src/db/schema.ts', 'Database')).toBeNull();
    expect(queryPlacementViolation('apps/server/src/modules/orders/desk.ts')).toMatch(/lives in its repository/);
    expect(queryPlacementViolation('apps/server/src/modules/orders/repository.ts')).toBeNull();
    expect(queryPlacementViolation('apps/server/src/modules/orders/search-repository.ts')).toBeNull();
    expect(queryPlacementViolation('apps/server/src/modules/orders/desk.test.ts')).toBeNull();
    expect(queryPlacementViolation('apps/server/src/db/migrations/017-product-version.ts')).toBeNull();
  });
});
