import type { FastifyBaseLogger } from 'fastify';
import { attachmentsOf, type MailOutboxRepository } from './repository.ts';
import type { MailTransport } from './transport.ts';

export interface MailDispatcherOptions {
  repo: MailOutboxRepository;
  transport: MailTransport;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Tries per message before it is marked 'failed' and left for a person to look at. */
  maxAttempts?: number;
  /** Wait before try n + 1 after try n failed. */
  retryDelayMs?: (attempt: number) => number;
  /** Longest idle sleep: rows queued by other instances, or whose wake-up was lost, are found within this. */
  pollIntervalMs?: number;
  /** A claim older than this belongs to a dispatcher that died mid-send; the row is taken over. */
  claimLeaseMs?: number;
  batchSize?: number;
}

export interface MailDispatcher {
  /** Begins the loop: a pass now, then passes when mail falls due. */
  start(): void;
  /** Asks for a pass soon; called after a transaction that queued mail commits. */
  wake(): void;
  /** Runs passes until nothing is due; resolves when done (tests and shutdown use it). */
  drain(): Promise<void>;
  /** Stops scheduling and waits for the pass in progress. */
  stop(): Promise<void>;
}

/** 30 s, 1 min, 2 min … capped at an hour: a short SMTP outage is bridged quickly, a long one without hammering. */
export const defaultRetryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

// Error texts from SMTP servers often quote the recipient ("550 <ann@example.com> unknown"); logs must not.
const withoutAddresses = (text: string) => text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]');

/**
 * Sends the mail outbox. Each instance runs one; rows are claimed with a conditional UPDATE, so several
 * instances share one outbox without sending a message twice. Delivery is at least once only in one corner:
 * a process that dies after the SMTP server accepted a message but before the row was marked sent.
 */
export function createMailDispatcher(options: MailDispatcherOptions): MailDispatcher {
  const { repo, transport, log } = options;
  const now = options.now ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? 8;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const pollIntervalMs = options.pollIntervalMs ?? 30_000;
  const claimLeaseMs = options.claimLeaseMs ?? 10 * 60_000;
  const batchSize = options.batchSize ?? 20;

  let running: Promise<void> | null = null;
  let followUp: Promise<void> | null = null;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function sendOne(id: number): Promise<void> {
    const claimedAt = now();
    const row = await repo.claim(id, claimedAt, new Date(claimedAt.getTime() - claimLeaseMs));
    if (!row) return;
    const claim = row.claimed_at!;
    try {
      await transport.send({
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...(Number(row.scrub_after_send) === 1 ? { sensitive: true } : {}),
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
        ...(row.attachments ? { attachments: attachmentsOf(row.attachments) } : {}),
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const retryAt = row.attempts < maxAttempts ? new Date(now().getTime() + retryDelayMs(row.attempts)) : null;
      await repo.markFailed(row.id, claim, reason, retryAt);
      const code = (err as { responseCode?: number; code?: string }) ?? {};
      log.warn(
        {
          mailId: row.id,
          attempt: row.attempts,
          willRetry: retryAt !== null,
          smtpCode: code.responseCode,
          errorCode: code.code,
          reason: withoutAddresses(reason),
        },
        retryAt ? 'mail not sent; will retry' : 'mail not sent; giving up',
      );
      return;
    }
    await repo.markSent(row.id, claim, now());
    log.debug({ mailId: row.id, attempt: row.attempts }, 'mail sent');
  }

  async function pass(): Promise<void> {
    for (;;) {
      const at = now();
      const ids = await repo.findDue(at, new Date(at.getTime() - claimLeaseMs), batchSize);
      for (const id of ids) {
        if (stopped) return;
        await sendOne(id);
      }
      if (ids.length < batchSize) return;
    }
  }

  function schedule(delayMs: number): void {
    if (stopped || !started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void drain();
    }, Math.max(0, Math.min(delayMs, pollIntervalMs)));
    // Pending mail is safe in the database: the timer alone must not keep a CLI or a test process alive.
    timer.unref();
  }

  async function loop(): Promise<void> {
    let delay = pollIntervalMs;
    try {
      await pass();
      const next = await repo.nextDueAt();
      if (next) delay = next.getTime() - now().getTime();
    } catch (err) {
      log.error({ err }, 'mail dispatcher pass failed; will try again');
    }
    schedule(delay);
  }

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      // The pass under way may have read the due list before the caller's mail was committed: one more pass
      // after it, shared by every caller that arrives meanwhile.
      followUp ??= running.then(() => {
        followUp = null;
        return drain();
      });
      return followUp;
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      void drain();
    },
    wake() {
      if (started) void drain();
    },
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await followUp;
    },
  };
}
