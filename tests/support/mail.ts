/**
 * Reading the mail the app sends, for tests: a real SMTP server (smtp-server package) on a random
 * local port, and the `.eml` files written when no SMTP server is configured. A small MIME
 * decoder turns either into {to, subject, text, html}.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** The From header as written (`Name <address>`). */
  from: string;
  /** The Message-ID header (`<id@host>`), '' when absent. */
  messageId: string;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`). */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  let current = '';
  for (const line of head.split('\n')) {
    if (/^\s/.test(line) && current) headers.set(current, `${headers.get(current)} ${line.trim()}`);
    else {
      const colon = line.indexOf(':');
      if (colon === -1) continue;
      current = line.slice(0, colon).trim().toLowerCase();
      headers.set(current, line.slice(colon + 1).trim());
    }
  }
  return { headers, body };
}

function collectParts(raw: string, out: { text: string; html: string }): void {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\n/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit');
  if (type.toLowerCase().startsWith('text/html')) out.html += decoded;
  else if (type.toLowerCase().startsWith('text/plain')) out.text += decoded;
}

export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const { headers } = splitHeaders(raw);
  const out = { text: '', html: '' };
  collectParts(raw, out);
  const to = envelopeTo.length ? envelopeTo : (headers.get('to') ?? '').split(',').map((s) => s.replace(/.*</, '').replace(/>.*/, '').trim());
  return { to, subject: decodeHeader(headers.get('subject') ?? ''), text: out.text, html: out.html, raw, from: decodeHeader(headers.get('from') ?? ''), messageId: headers.get('message-id') ?? '' };
}

/** The `token` of the first link to `page` (e.g. `/user/email/verify`) in a mail. */
export function linkToken(mail: ReceivedMail, page: string): string | null {
  const escaped = page.replace(/[/.]/g, (c) => `\\${c}`);
  const match = new RegExp(`(https?://[^\\s"<>]+)?${escaped}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  return match?.[2] ?? null;
}

/** The full link to `page` in a mail (scheme, host, path, token). */
export function linkUrl(mail: ReceivedMail, page: string): string | null {
  const escaped = page.replace(/[/.]/g, (c) => `\\${c}`);
  return new RegExp(`https?://[^\\s"<>]+${escaped}\\?token=[A-Za-z0-9_-]+`).exec(mail.text)?.[0] ?? null;
}

async function waitUntil<T>(probe: () => T | null | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT` for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The first mail (received now or later) to `to` with a subject containing `subject`. */
  waitFor(to: string, options?: { subject?: string; timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  /**
   * While on, a message is kept as soon as its data has arrived (the server has it), but the
   * server's "250 accepted" waits until it is switched off: a sender killed meanwhile never
   * learns its mail went out (a crash between the acceptance and its record).
   */
  holdReplies(on: boolean): void;
  /** While on, every recipient is refused with `550 Mailbox unavailable` (a permanent refusal). */
  refuseRecipients(on: boolean): void;
  close(): Promise<void>;
}

/** A real SMTP server on a random local port, no TLS, no auth, keeping every mail it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  let holding = false;
  let refusing = false;
  let released: Array<() => void> = [];
  const replyWhenReleased = (reply: () => void) => {
    if (holding) released.push(reply);
    else reply();
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address.toLowerCase())));
        replyWhenReleased(() => {
          try {
            callback();
          } catch {
            // The sender is gone (killed while its reply was held): nobody to answer.
          }
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (to, options = {}) =>
      waitUntil(
        () => mails.slice(options.after ?? 0).find((m) => m.to.includes(to.toLowerCase()) && (!options.subject || m.subject.includes(options.subject))),
        options.timeoutMs ?? 5000,
        `a mail to ${to}`,
      ),
    refuseRecipients(on) {
      refusing = on;
    },
    holdReplies(on) {
      holding = on;
      if (on) return;
      const waiting = released;
      released = [];
      for (const reply of waiting) reply();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every .eml file the app wrote under DATA_DIR/mail, oldest first. */
export function readEmlMails(dataDir: string): ReceivedMail[] {
  const dir = path.join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(readFileSync(path.join(dir, f), 'utf8')));
}

/** Waits for an .eml file addressed to `to` (optionally: beyond the first `after` files). */
export function waitForEml(dataDir: string, to: string, options: { subject?: string; timeoutMs?: number; after?: number } = {}): Promise<ReceivedMail> {
  return waitUntil(
    () =>
      readEmlMails(dataDir)
        .slice(options.after ?? 0)
        .find((m) => m.to.includes(to.toLowerCase()) && (!options.subject || m.subject.includes(options.subject))),
    options.timeoutMs ?? 5000,
    `an .eml file to ${to}`,
  );
}
