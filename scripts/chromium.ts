import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Flags that keep headless Chromium quiet on machines without a network or a GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Finds a Chromium for the browser tests: CHROME_PATH, then the usual system paths. When none is
 * there and we run as root on Debian/Ubuntu, installs the distribution's package; otherwise
 * explains exactly what to install. Browser tests are never skipped for want of a browser.
 */
export function findOrInstallChromium(log: (line: string) => void = console.log): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist.`);
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log('No Chromium found: installing Debian\'s chromium package (apt-get install -y chromium)...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = CANDIDATES.find((p) => existsSync(p));
    if (installed) return installed;
  }
  throw new Error(
    [
      'The browser tests need Chromium and none was found.',
      'Install it, then run npm test again:',
      '  Debian/Ubuntu: sudo apt-get install -y chromium',
      '  Fedora:        sudo dnf install -y chromium',
      '  macOS:         brew install --cask chromium',
      'or point CHROME_PATH at an existing Chromium or Chrome binary.',
    ].join('\n'),
  );
}
