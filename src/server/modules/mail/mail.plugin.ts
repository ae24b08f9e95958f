import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fileTransport, smtpTransport, type MailTransport } from './mail-transport.ts';
import { MailWorker } from './mail-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox sender; tests call `app.mail.flush()` instead of waiting for its timer. */
    mail: MailWorker;
  }
}

export interface MailOptions {
  /** Send on a timer (the server); off in tests, which flush explicitly. */
  worker?: boolean;
  /** How often the worker looks for due mails. */
  intervalMs?: number;
}

function configuredTransport(app: FastifyInstance): MailTransport {
  const { smtpUrl, from } = app.config.mail;
  if (smtpUrl) return smtpTransport(smtpUrl, from);
  return fileTransport(path.join(app.config.dataDir, 'mail'), from, app.log);
}

export const mailPlugin = fp(
  (app: FastifyInstance, opts: MailOptions, done: (err?: Error) => void) => {
    const worker = new MailWorker(app.deps, configuredTransport(app));
    app.decorate('mail', worker);
    if (opts.worker) {
      app.addHook('onReady', (done) => {
        worker.start(opts.intervalMs ?? 5_000);
        done();
      });
    }
    app.addHook('onClose', () => worker.stop());
    done();
  },
);
