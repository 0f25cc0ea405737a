import type { FastifyInstance } from 'fastify';
import type { OrderService } from './service.ts';

/**
 * Ends unpaid wire holds in the background: a sweep when the app is ready, then every `intervalMs`, stopped (and
 * the sweep under way awaited) when the app closes. Each instance runs one; the sweep's conditional updates let
 * several share one database. A hold is therefore released at most `intervalMs` after it runs out.
 */
export function startHoldSweeper(app: FastifyInstance, orders: OrderService, intervalMs: number): void {
  const log = app.log.child({ module: 'orders' });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const sweep = () => {
    if (running) return;
    running = orders
      .expireWireHolds()
      .then((n) => {
        if (n > 0) log.info({ cancelled: n }, 'unpaid wire holds released');
      })
      .catch((err: unknown) => log.error({ err }, 'wire hold sweep failed; will try again'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, intervalMs);
    // Holds are safe in the database: the timer alone must not keep a CLI or a test process alive.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}
