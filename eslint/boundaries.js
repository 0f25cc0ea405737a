/**
 * The layers of the code, held by lint (docs/architecture.md, "Layers"). Each import is resolved to the file it
 * names and checked against the zone of the file that imports it:
 *
 * - the contract imports nothing of the apps;
 * - the storefront imports nothing of the server;
 * - a server module reaches another module only through its public face (modules/<name>/index.ts), and the app,
 *   the tools and the command-line programs do too; a module's tables.ts (the tables it owns, and the opener of a
 *   handle as them) is for the composition root and the ownership test, never for another module;
 * - plugins/ and lib/ are infrastructure: they import no module;
 * - in the storefront, lib/ is infrastructure (the API client, the session, the browser's storage) and imports no
 *   domain, feature or route; domain/ holds the shopper's rules the pages share (the cart and its lines, the wishlist,
 *   a stone handed to the builder) and imports no feature or route; components/ui/ imports no feature or domain; a
 *   feature imports no other feature;
 * - the back office (features/admin) is split by area as the server is by module: an area imports the admin kit
 *   (features/admin/kit/) and another area only through its face (features/admin/<area>/index.ts); the kit imports
 *   no area;
 * - e2e/, bench/ and scripts/ use the server's published entry points (@everstone/server/…), not its files, and the
 *   contract by its package name (@everstone/contract), never the storefront's files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PACKAGE_ENTRIES = {
  '@everstone/contract': 'packages/contract/src/index.ts',
  '@everstone/contract/core': 'packages/contract/src/core.ts',
  '@everstone/server/app': 'apps/server/src/app.ts',
  '@everstone/server/config': 'apps/server/src/config.ts',
  '@everstone/server/server': 'apps/server/src/server.ts',
  '@everstone/server/tools': 'apps/server/src/tools.ts',
  '@everstone/server/testing': 'apps/server/src/test/index.ts',
};

/** The repository-relative path an import names, and whether through a package's published entry; null for an outside package. */
function resolveImport(fromFile, specifier) {
  if (specifier.startsWith('.')) return { to: path.relative(ROOT, path.resolve(path.dirname(fromFile), specifier)).split(path.sep).join('/'), published: false };
  if (specifier in PACKAGE_ENTRIES) return { to: PACKAGE_ENTRIES[specifier], published: true };
  if (specifier.startsWith('@everstone/')) return { to: `(unpublished) ${specifier}`, published: false };
  return null;
}

const serverModule = (p) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(p)?.[1] ?? null;
const webFeature = (p) => /^apps\/web\/app\/features\/([^/]+)\//.exec(p)?.[1] ?? null;
const adminArea = (p) => /^apps\/web\/app\/features\/admin\/([^/]+)\//.exec(p)?.[1] ?? null;
const isAdminFace = (p) => /^apps\/web\/app\/features\/admin\/[^/]+\/index\.tsx?$/.test(p);
const isModuleFace = (p) => /^apps\/server\/src\/modules\/[^/]+\/index\.ts$/.test(p);
const isModuleTables = (p) => /^apps\/server\/src\/modules\/[^/]+\/tables\.ts$/.test(p);

/**
 * Why `from` may not import `to`, or null when it may. Both are repository-relative paths; `published` says the
 * import named a package's published entry (@everstone/server/tools) rather than a file.
 */
export function boundaryViolation(from, to, published = false) {
  if (to.startsWith('(unpublished) ')) return `${to.slice(14)} is not a published entry point of its package`;

  if (from.startsWith('packages/contract/') && (to.startsWith('apps/') || to.startsWith('e2e/') || to.startsWith('bench/') || to.startsWith('scripts/'))) {
    return 'the contract imports nothing of the apps';
  }
  if (from.startsWith('apps/web/') && to.startsWith('apps/server/')) return 'the storefront imports nothing of the server: it calls the API';

  if (from.startsWith('apps/server/src/')) {
    const fromModule = serverModule(from);
    const toModule = serverModule(to);
    if ((from.startsWith('apps/server/src/plugins/') || from.startsWith('apps/server/src/lib/')) && toModule) {
      return `${from.split('/')[3]}/ is infrastructure: it imports no module (pass what it needs in)`;
    }
    if (toModule && toModule !== fromModule && isModuleTables(to)) {
      if (fromModule) return `modules/${toModule}/tables.ts opens a handle as that module's own tables: another module calls its face instead`;
    } else if (toModule && toModule !== fromModule && !isModuleFace(to)) {
      return `modules/${toModule} is reached through its public face, modules/${toModule}/index.ts`;
    }
  }

  if (from.startsWith('apps/web/app/')) {
    const fromFeature = webFeature(from);
    const toFeature = webFeature(to);
    const toDomain = to.startsWith('apps/web/app/domain/');
    const toRoute = to.startsWith('apps/web/app/routes/');
    if (from.startsWith('apps/web/app/components/ui/') && (toFeature || toDomain)) return 'components/ui/ holds shared primitives: it imports no feature or domain rule';
    if (from.startsWith('apps/web/app/lib/') && (toFeature || toRoute || toDomain)) return 'lib/ is infrastructure: it imports no domain, feature or route';
    if (from.startsWith('apps/web/app/domain/') && (toFeature || toRoute)) return 'domain/ holds the rules the pages share: it imports no feature or route';
    if (fromFeature && toFeature && fromFeature !== toFeature) {
      return `features/${fromFeature} imports no other feature (features/${toFeature}): a rule both need belongs in domain/, a primitive in components/ui, a shape in the contract`;
    }
    const fromArea = fromFeature === 'admin' ? adminArea(from) : null;
    const toArea = toFeature === 'admin' ? adminArea(to) : null;
    if (fromArea && toArea && fromArea !== toArea) {
      if (fromArea === 'kit') return `the admin kit imports no area of the back office (features/admin/${toArea}): the area passes what the kit shows`;
      if (toArea !== 'kit' && !isAdminFace(to)) return `features/admin/${toArea} is reached through its face, features/admin/${toArea}/index.ts`;
    }
  }

  if ((from.startsWith('e2e/') || from.startsWith('bench/') || from.startsWith('scripts/')) && to.startsWith('apps/server/') && !published) {
    return `${from.split('/')[0]}/ uses the server's published entry points (@everstone/server/config, /server, /tools, /testing), not its files`;
  }
  if ((from.startsWith('e2e/') || from.startsWith('bench/')) && to.startsWith('packages/contract/') && !published) {
    return `${from.split('/')[0]}/ imports the contract by its name (@everstone/contract), not its files`;
  }
  if ((from.startsWith('e2e/') || from.startsWith('bench/')) && to.startsWith('apps/web/')) {
    return `${from.split('/')[0]}/ drives the storefront through the browser and the API: what it shares with the pages belongs in the contract`;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each layer to the imports its place allows (docs/architecture.md, "Layers").' },
    schema: [],
    messages: { crossing: '{{from}} may not import {{to}}: {{why}}.' },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const from = path.relative(ROOT, file).split(path.sep).join('/');
    function check(node) {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const target = resolveImport(file, source.value);
      if (!target) return;
      const why = boundaryViolation(from, target.to, target.published);
      if (why) context.report({ node: source, messageId: 'crossing', data: { from, to: source.value, why } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const QUERY_METHODS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

/** Where a module's SQL may be written: its repositories, and the bulk loader of the first start (DDL included). */
const mayQuery = (p) => /\/(repository|[a-z-]+-repository|seed)\.ts$/.test(p);
const isTest = (p) => /\.test\.tsx?$/.test(p);

/**
 * Why a module's file may not name this binding, or null: a module holds its own tables only (its tables.ts opens
 * them), so it names neither the whole Database nor the opener of any tables.
 */
export function ownershipViolation(from, to, importedName) {
  if (!/^apps\/server\/src\/modules\//.test(from) || isTest(from) || /\/tables\.ts$/.test(from)) return null;
  if (to === 'apps/server/src/db/schema.ts' && importedName === 'Database') {
    return 'a module holds only its own tables: it names them in its tables.ts, and the whole Database is for the migrations and the composition root';
  }
  if (to === 'apps/server/src/db/tables.ts' && importedName === 'tablesOf') return "only a module's tables.ts opens a handle as tables, its own";
  return null;
}

/** Why a module's file may not run this query here, or null (docs/architecture.md, "Data"). */
export function queryPlacementViolation(from) {
  if (!/^apps\/server\/src\/modules\//.test(from) || isTest(from) || mayQuery(from)) return null;
  return "a module's SQL lives in its repository (repository.ts or *-repository.ts): the service, desk or routes call it";
}

const ownership = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each module to its own tables and its SQL in its repositories (docs/decisions/013).' },
    schema: [],
    messages: { owner: '{{from}} may not import {{name}}: {{why}}.', query: '{{from}} runs SQL ({{what}}): {{why}}.' },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const from = path.relative(ROOT, file).split(path.sep).join('/');
    const placement = queryPlacementViolation(from);
    return {
      ImportDeclaration(node) {
        const target = resolveImport(file, node.source.value);
        if (!target) return;
        for (const spec of node.specifiers) {
          const name = spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : null;
          const why = name ? ownershipViolation(from, target.to, name) : null;
          if (why) context.report({ node: spec, messageId: 'owner', data: { from, name, why } });
        }
      },
      CallExpression(node) {
        if (!placement || node.callee.type !== 'MemberExpression' || node.callee.property.type !== 'Identifier') return;
        const method = node.callee.property.name;
        const onSql = node.callee.object.type === 'Identifier' && node.callee.object.name === 'sql' && method === 'raw';
        if (QUERY_METHODS.has(method) || onSql) context.report({ node: node.callee.property, messageId: 'query', data: { from, what: onSql ? 'sql.raw' : method, why: placement } });
      },
      TaggedTemplateExpression(node) {
        if (placement && node.tag.type === 'Identifier' && node.tag.name === 'sql') context.report({ node: node.tag, messageId: 'query', data: { from, what: 'sql`…`', why: placement } });
      },
    };
  },
};

export default { rules: { boundaries: rule, ownership } };
