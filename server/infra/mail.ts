/**
 * Outgoing mail. Over SMTP (nodemailer) when SMTP_URL or the `smtp` setting names a server;
 * otherwise every message is written to `DATA_DIR/mail/<time>-<id>.eml`, so a fresh install
 * without a mail server still lets a newcomer open a verification link.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyPackage } from './lazy-package';

// Loaded with the first message.
const nodemailer = lazyPackage<typeof Nodemailer>('nodemailer');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * `<id@host>`: a job's mail names its job (kernel/jobs.ts `jobMessageId`), so a resend is the
   * same message; absent, nodemailer makes a random one.
   */
  messageId?: string;
  /**
   * Extra header fields, as written (`List-Unsubscribe`, `List-Unsubscribe-Post` on notification
   * mails: RFC 2369, RFC 8058). Never the ones above: nodemailer writes those from the fields.
   */
  headers?: Record<string, string>;
}

export interface MailTarget {
  /** smtp:// or smtps:// URL; empty means write .eml files. */
  smtpUrl: string;
  from: string;
}

/** Where mail goes: SMTP_URL/MAIL_FROM from the environment, else the `smtp` setting, else .eml files. */
export function mailTarget(config: { smtpUrl: string | null; mailFrom: string | null }, settings: { smtp: { url: string; from: string } }): MailTarget {
  const smtpUrl = config.smtpUrl || settings.smtp.url || '';
  const address = config.mailFrom || settings.smtp.from || '';
  return { smtpUrl, from: address };
}

/**
 * A send the mail server refused. `permanent` for a 5xx answer (RFC 5321: sending the same mail
 * again cannot succeed — an unknown mailbox, relaying denied): a job that meets it is failed at
 * once instead of retried (kernel/jobs.ts), and waits for someone to fix the cause and retry it.
 */
export class MailRefused extends Error {
  readonly permanent: boolean;

  constructor(cause: unknown) {
    const code = typeof cause === 'object' && cause !== null ? (cause as { responseCode?: unknown }).responseCode : undefined;
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'MailRefused';
    this.permanent = typeof code === 'number' && code >= 500 && code < 600;
  }
}

export interface Mailer {
  /** Sends one message; resolves once the server accepted it or the file is written. */
  send(message: MailMessage, target: MailTarget): Promise<void>;
}

export function createMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const transports = new Map<string, Transporter>();
  const mailDir = path.join(dataDir, 'mail');

  function smtpTransport(url: string): Transporter {
    let transport = transports.get(url);
    if (!transport) {
      transport = nodemailer().createTransport(url);
      transports.set(url, transport);
    }
    return transport;
  }

  async function writeEml(message: MailMessage, from: string): Promise<void> {
    const builder = nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await builder.sendMail({ from, ...message });
    await mkdir(mailDir, { recursive: true });
    const file = path.join(mailDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer);
    log.info({ file, to: message.to, subject: message.subject }, 'no SMTP server configured: mail written to file');
  }

  return {
    async send(message, target) {
      const from = target.from || 'Sabai <no-reply@localhost>';
      if (!target.smtpUrl) return writeEml(message, from);
      try {
        await smtpTransport(target.smtpUrl).sendMail({ from, ...message });
      } catch (error) {
        throw new MailRefused(error);
      }
    },
  };
}
