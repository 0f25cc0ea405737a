import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The origin of a store started as a child that prints `ready PORT` once it listens (the page benchmarks' own serve mode). */
export async function readyOrigin(child: ChildProcess): Promise<string> {
  const port = await new Promise<string>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error('the store did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the store exited with code ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^ready (\d+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolvePort(m[1]!);
      }
    });
  });
  return `http://127.0.0.1:${port}`;
}

/** Stops a store started by a benchmark: SIGTERM, then SIGKILL if it has not exited within 15 s. */
export async function stopStore(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
