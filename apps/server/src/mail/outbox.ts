import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { MailMessage, Mailer } from './mailer.js';
import * as q from './outbox.queries.js';

/** How often the outbox looks for due mail when nobody wakes it (retries, other instances' mail). */
const POLL_MS = 5_000;
const BATCH = 20;
/** A claimed mail is someone else's to retry after this, should its worker die mid-send. */
const LEASE_S = 120;
const MAX_ATTEMPTS = 40;
/** 30 s, 1 min, 2 min … capped at 1 h: about a day and a half of retries before giving up. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 3600);

export interface MailOutbox {
  /**
   * Queues a mail in `db`, which may be a transaction: the mail then exists exactly when the
   * transaction commits. Call `wake()` after the commit to send it at once.
   */
  enqueue(db: Db, message: MailMessage): Promise<void>;
  /** Queues a mail outside any transaction and sends it soon. */
  send(message: MailMessage): Promise<void>;
  /** Looks for due mail now, without waiting for the next poll. */
  wake(): void;
  /** Delivers everything due now, including what a running pass is sending; resolves when done. */
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The durable mail outbox (DESIGN.md §6): requests only insert rows; delivery happens here, after the
 * commit, off the request path. SMTP down or hanging delays mail and blocks nothing; every mail is
 * retried with backoff and none is lost. Several instances share the table safely.
 */
export function createMailOutbox({
  db,
  mailer,
  log,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}): MailOutbox {
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  async function deliver(mail: Awaited<ReturnType<typeof q.claimDueMails>>[number]) {
    const message: MailMessage = {
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    };
    if (mail.reply_to) message.replyTo = mail.reply_to;
    try {
      await mailer.send(message);
      await q.markMailSent(db, mail.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retry = mail.attempts >= MAX_ATTEMPTS ? null : retryDelaySeconds(mail.attempts);
      log.warn({ mailId: mail.id, attempts: mail.attempts, retryInSeconds: retry, reason }, 'mail not sent');
      await q.markMailFailed(db, mail.id, reason.slice(0, 500), retry);
    }
  }

  async function pass() {
    for (;;) {
      const due = await q.claimDueMails(db, BATCH, LEASE_S);
      await Promise.all(due.map(deliver));
      if (due.length < BATCH) return;
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch((error: unknown) => log.error({ err: error }, 'mail outbox pass failed'));
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, POLL_MS);
    timer.unref();
  }

  return {
    enqueue: (target, message) => q.insertOutboxMail(target, message).then(() => undefined),
    async send(message) {
      await q.insertOutboxMail(db, message);
      this.wake();
    },
    wake() {
      if (!stopped) void run();
    },
    async flush() {
      if (running) await running;
      await run();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
      void run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A send stuck on a silent SMTP server is not waited for: its lease lets it be retried later.
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
}
