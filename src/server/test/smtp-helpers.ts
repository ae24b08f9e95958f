import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { readThrough } from './read-through.ts';

/** A real SMTP server on a free local port, keeping every mail it accepted, parsed. */
export interface TestSmtpServer {
  url: string;
  mails: ParsedMail[];
  /** While set, every message is refused with a permanent error after the DATA command. */
  refuse: boolean;
  /** The accepted mails sent to this address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state = { refuse: false };
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (state.refuse) {
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
            return;
          }
          mails.push(mail);
          callback();
        })
        .catch((error: unknown) => {
          callback(error as Error);
        });
    },
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    mails,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    to: (address) =>
      mails.filter((m) => {
        const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
        return to.some((a) => a.value.some((v) => v.address === address));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * One SMTP server for the enclosing `describe`, started before its first test and closed after
 * its last; the returned server reads through to it.
 */
export function useSmtpServer(): TestSmtpServer {
  let current: TestSmtpServer | undefined;
  beforeAll(async () => {
    current = await startSmtpServer();
  });
  afterAll(() => current?.close());
  return readThrough((): TestSmtpServer => {
    if (!current) throw new Error('the SMTP server is used outside its describe block');
    return current;
  });
}

/** The reset link's token in a reset mail's text part. */
export function resetTokenIn(mail: ParsedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return match[1];
}
