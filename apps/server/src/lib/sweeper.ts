import type { FastifyInstance } from 'fastify';

export interface SweepJob {
  /** Names the job in the logs, e.g. 'orders'. */
  module: string;
  /** Does one sweep; answers how many records it changed. */
  run: () => Promise<number>;
  /** Logged with the count when a sweep changed something, e.g. 'unpaid holds released'. */
  done: string;
  intervalMs: number;
}

/**
 * Background work kept in the database (unpaid holds that run out, wallet payments a crash left half-way):
 * a sweep when the app is ready, then every `intervalMs`, stopped (and the sweep under way awaited) when the app
 * closes. Each instance runs its own; the jobs' conditional updates let several share one database. A record is
 * therefore handled at most `intervalMs` after it is due.
 */
export function startSweeper(app: FastifyInstance, job: SweepJob): void {
  const log = app.log.child({ module: job.module });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const sweep = () => {
    if (running) return;
    running = job
      .run()
      .then((n) => {
        if (n > 0) log.info({ count: n }, job.done);
      })
      .catch((err: unknown) => log.error({ err }, `${job.done}: sweep failed; will try again`))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, job.intervalMs);
    // The work is safe in the database: the timer alone must not keep a CLI or a test process alive.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}
