import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The server runs without SMTP_URL, so its mail worker writes each mail as an .eml file under
 * DATA_DIR/mail: read the mails from there, as a newcomer would.
 */
export async function mailsTo(email: string): Promise<ParsedMail[]> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails: ParsedMail[] = [];
  for (const file of files.filter((f) => f.endsWith('.eml'))) {
    const mail = await simpleParser(await readFile(path.join(dir, file)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (to.some((a) => a.value.some((v) => v.address === email))) mails.push(mail);
  }
  return mails;
}

/** The first link matching `pattern` in a mail to this address. */
export async function mailedLink(email: string, pattern: RegExp): Promise<string | undefined> {
  for (const mail of await mailsTo(email)) {
    const link = pattern.exec(mail.text ?? '')?.[0];
    if (link) return link;
  }
  return undefined;
}

/** The reset link mailed to this address, if it has come. */
export const resetLinkFor = (email: string) =>
  mailedLink(email, /https?:\/\/\S+\/reset-password\?token=[\w-]+/);
