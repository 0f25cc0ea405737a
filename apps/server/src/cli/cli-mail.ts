import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createMailDispatcher, openOutbox, createMailTransport, type MailQueue } from '../modules/mail/index.ts';
import { consoleLogger } from './console-logger.ts';

/**
 * The mail of a command-line step: messages are queued in the step's transaction (so a step that fails sends
 * nothing), then sent before the command exits; a mail server that does not answer leaves them to a running store's
 * dispatcher, which retries.
 */
export function cliMail(config: Config, d: Db) {
  const transport = createMailTransport(config);
  const outbox = openOutbox(d.db);
  // Whether the step's messages left is what this command's own dispatcher saw the transport take: the outbox is the
  // mail module's table, and its face reads no row's status back.
  const sent = new Set<number>();
  const dispatcher = createMailDispatcher({
    repo: {
      ...outbox,
      markSent: async (id, claimedAt, at) => {
        await outbox.markSent(id, claimedAt, at);
        sent.add(id);
      },
    },
    transport,
    log: consoleLogger(),
  });
  let pending: number[] = [];
  let committed: number[] = [];
  const queue: MailQueue = {
    // A step may queue several messages in turn (an invitation, then the owners' notice): all of them are its own.
    enqueue: async (trx, messages) => {
      const ids = await openOutbox(trx).enqueue(messages, new Date());
      pending = [...pending, ...ids];
      return ids;
    },
    // Called once the step's transaction has committed: its messages are the ones to send.
    flush: () => {
      committed = [...committed, ...pending];
      pending = [];
    },
  };
  return {
    queue,
    /** No mail server is set: messages go to the outbox folder, which keeps no single-use link. */
    writesToOutbox: transport.kind === 'outbox',
    /** Sends what the step queued: 'none', 'sent', 'written' (to the outbox folder) or 'queued' (left for a retry). */
    async send(): Promise<'none' | 'sent' | 'written' | 'queued'> {
      if (committed.length === 0) return 'none';
      await dispatcher.drain();
      if (!committed.every((id) => sent.has(id))) return 'queued';
      return transport.kind === 'outbox' ? 'written' : 'sent';
    },
    async close(): Promise<void> {
      await dispatcher.stop();
      transport.close();
    },
  };
}
