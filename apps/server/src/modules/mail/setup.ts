import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Handle } from '../../db/tables.ts';
import { mailTables } from './tables.ts';
import type { OutgoingMail } from './compose.ts';
import { devOutboxRoutes } from './dev-outbox.ts';
import { createMailDispatcher, type MailDispatcherOptions } from './dispatcher.ts';
import { createMailOutboxRepository } from './repository.ts';
import { createMailTransport, type FileOutboxTransport, type MailTransport } from './transport.ts';

/** What the domains see of mail: queue messages with their record, then ask for them to go out. */
export interface MailQueue {
  /** Queues messages through `db`: pass the transaction that stores the record they are about. */
  enqueue(tx: Handle, messages: OutgoingMail[]): Promise<number[]>;
  /** Call once that transaction has committed, so the messages leave now rather than at the next poll. */
  flush(): void;
}

export interface MailSetupOptions {
  /** Replaces the transport SMTP_URL would choose (tests). */
  transport?: MailTransport;
  dispatcher?: Pick<MailDispatcherOptions, 'maxAttempts' | 'retryDelayMs' | 'pollIntervalMs' | 'claimLeaseMs'>;
  now?: () => Date;
}

/**
 * Wires mail into the app: the transport SMTP_URL selects, a dispatcher started with the app and stopped when it
 * closes, and the development outbox page when messages go to files.
 */
export async function setupMail(
  app: FastifyInstance,
  { config, db }: { config: Config; db: { db: Handle } },
  options: MailSetupOptions = {},
): Promise<MailQueue> {
  const now = options.now ?? (() => new Date());
  const transport = options.transport ?? createMailTransport(config);
  const dispatcher = createMailDispatcher({
    repo: createMailOutboxRepository(mailTables(db.db)),
    transport,
    log: app.log.child({ module: 'mail' }),
    now,
    ...options.dispatcher,
  });

  if (transport.kind === 'outbox') {
    if (config.NODE_ENV === 'production') {
      app.log.warn({ outboxDir: config.OUTBOX_DIR }, 'SMTP_URL is not set: mail is written to OUTBOX_DIR, not sent');
    } else {
      await app.register(devOutboxRoutes(config.OUTBOX_DIR, transport as FileOutboxTransport));
    }
  }

  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    transport.close();
  });

  return {
    enqueue: (tx, messages) => createMailOutboxRepository(mailTables(tx)).enqueue(messages, now()),
    flush: () => dispatcher.wake(),
  };
}
