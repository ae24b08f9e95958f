import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { RenderedMail } from './mail-templates.ts';

export interface Envelope extends RenderedMail {
  to: string;
}

/** Hands a mail over for delivery; throws when it was not accepted. */
export interface MailTransport {
  send(mail: Envelope): Promise<void>;
  close(): void;
}

/** Delivery through an SMTP server (SMTP_URL). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP_URL, each mail is written as a `.eml` file in `dir` (DATA_DIR/mail) and its path is
 * logged, so a store run on one machine needs no mail service and its mails can still be read.
 */
export function fileTransport(dir: string, from: string, log: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomUUID()}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      log.info({ file, subject: mail.subject }, 'mail written (no SMTP_URL set)');
    },
    close() {
      transporter.close();
    },
  };
}
