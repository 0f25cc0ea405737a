/**
 * `npm test`: every suite in turn — type check, lint, unit and API integration (Vitest), the
 * storefront build, then the browser journeys (Playwright) — and one closing line
 * `N passed, N failed` summed over all of them, which CI reads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findOrInstallChromium } from './chromium.ts';

const results: Array<{ suite: string; passed: number; failed: number }> = [];
mkdirSync('test-results', { recursive: true });

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function step(suite: string, command: string, args: string[]) {
  const ok = run(command, args);
  results.push({ suite, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function readJson(path: string): any {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

step('type check', 'npm', ['run', '--silent', 'typecheck']);
step('lint', 'npm', ['run', '--silent', 'lint']);

rmSync('test-results/vitest.json', { force: true });
const vitestOk = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  const failed = vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1);
  results.push({ suite: 'unit and integration', passed: vitest.numPassedTests, failed });
} else results.push({ suite: 'unit and integration', passed: 0, failed: 1 });

const buildOk = run('npm', ['run', '--silent', 'build']);
results.push({ suite: 'storefront build', passed: buildOk ? 1 : 0, failed: buildOk ? 0 : 1 });

if (buildOk) {
  let chromium: string | undefined;
  try {
    chromium = findOrInstallChromium();
  } catch (err) {
    console.error(`\n${err instanceof Error ? err.message : String(err)}`);
    results.push({ suite: 'browser', passed: 0, failed: 1 });
  }
  if (chromium) {
    rmSync('test-results/e2e.json', { force: true });
    const e2eOk = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CHROME_PATH: chromium });
    const report = existsSync('test-results/e2e.json') ? readJson('test-results/e2e.json') : undefined;
    if (report?.stats) {
      const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
      const failed = unexpected + (e2eOk || unexpected > 0 ? 0 : 1);
      results.push({ suite: 'browser', passed: expected + flaky, failed });
    } else results.push({ suite: 'browser', passed: 0, failed: 1 });
  }
}

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.suite.padEnd(22)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
