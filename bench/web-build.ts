/** The storefront build a benchmark serves: the same staleness rule as `npm start`. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

const WEB = resolve('apps/web');

function newestMtime(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === '.react-router' || entry.startsWith('build')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * The build to serve, and whether it is ours to delete: WEB_BUILD_DIR when given (absolute, or relative to apps/web
 * as `WEB_BUILD_DIR=… npx react-router build` writes it); otherwise apps/web/build when it is newer than its
 * sources; otherwise a new build in `scratch`.
 */
export function chooseBuild(scratch: string): { dir: string; temporary: boolean } {
  if (process.env.WEB_BUILD_DIR) {
    const dir = isAbsolute(process.env.WEB_BUILD_DIR) ? process.env.WEB_BUILD_DIR : join(WEB, process.env.WEB_BUILD_DIR);
    if (!existsSync(join(dir, 'server/index.js'))) throw new Error(`WEB_BUILD_DIR=${dir} holds no build (server/index.js)`);
    return { dir, temporary: false };
  }
  const entry = join(WEB, 'build/server/index.js');
  const sources = ['apps/web/app', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/contract/src'];
  if (existsSync(entry) && !sources.some((s) => existsSync(s) && newestMtime(s) > statSync(entry).mtimeMs)) {
    return { dir: join(WEB, 'build'), temporary: false };
  }
  const dir = join(scratch, 'build');
  console.log(`apps/web/build is missing or older than its sources: building into ${dir}`);
  const r = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/web'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WEB_BUILD_DIR: dir },
  });
  if (r.status !== 0) throw new Error('the storefront build failed');
  return { dir, temporary: true };
}
