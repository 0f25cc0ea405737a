import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a `.br` and a `.gz` beside every text file of the client build (public files included), which the
 * server sends as they are (@fastify/static `preCompressed`): compressed once, harder than a server could
 * afford per request. Brotli 10 rather than 11: 2% larger, half the build time (~1 s on two cores).
 * Files under 1 KB are left alone: their headers outweigh the saving.
 */
function precompress(): Plugin {
  return {
    name: 'everstone:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
            promisify(gzip)(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const APP_DIR = resolve(import.meta.dirname, 'app');

/** The modules of the storefront's own code that the root route (header, footer, layout) imports, found at each build. */
const shell = { active: false, modules: new Set<string>() };

/**
 * Every page loads the root route, so what the root imports statically (the header and its cart and wishlist badges,
 * the session, the footer, the API client) is one file, not a dozen of a few hundred bytes each. Only the client
 * build groups it; the server's build is left as it is.
 */
function shellGraph(): Plugin {
  return {
    name: 'everstone:shell',
    apply: 'build',
    buildStart() {
      shell.active = this.environment.name === 'client';
      shell.modules.clear();
    },
    buildEnd() {
      if (!shell.active) return;
      const root = [...this.getModuleIds()].find((id) => id.startsWith(join(APP_DIR, 'root.tsx')) && this.getModuleInfo(id)?.isEntry);
      const queue = [...((root && this.getModuleInfo(root)?.importedIds) ?? [])];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (shell.modules.has(id) || !id.startsWith(APP_DIR + sep)) continue;
        shell.modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), precompress(), shellGraph()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and React Router: every page needs all of it before it runs, so one file, which also
            // compresses better than the six the bundler would make of it.
            { name: 'framework', priority: 2, test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'shell', priority: 1, test: (id) => shell.active && shell.modules.has(id) },
          ],
        },
      },
    },
  },
  // The server's build bundles the date picker and its date library: imported from node_modules they are some
  // thousand small modules (date-fns whole), which Node resolved one by one for 2.5 s of every start.
  ssr: { noExternal: ['react-datepicker', 'date-fns'] },
  // `npm run dev`: scan every route and component at start, so the first page load does not find a
  // dependency Vite has not pre-bundled yet (an "Outdated Optimize Dep" 504 and a failed hydration).
  optimizeDeps: { entries: ['app/**/*.tsx', 'app/**/*.ts', '!app/**/*.test.ts'] },
});
