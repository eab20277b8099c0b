/**
 * Sending one SMS (issue 29): through the HTTP provider configured in the back office (the `sms`
 * setting, its API key a site secret), or, without one, written as one file per message to
 * `DATA_DIR/sms/`, the way mails go to `DATA_DIR/mail/` without an SMTP server, so a fresh
 * install can be tried and tested. The message (it holds the code) is never logged.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from '../../../common/validation/settings';

export interface SmsMessage {
  /** E.164. */
  to: string;
  /** The code alone (a provider's template may place it itself). */
  code: string;
  /** The whole text, in the asker's language. */
  text: string;
  site: string;
}

/** A pluggable way out for SMS. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** A send the provider refused: a 4xx cannot succeed by repeating it (the job fails at once), a 5xx or a network error is retried. */
export class SmsRefused extends Error {
  readonly permanent: boolean;
  constructor(status: number) {
    super(`SMS provider answered ${status}`);
    this.name = 'SmsRefused';
    this.permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
  }
}

/** `DATA_DIR/sms/<time>-<random>.txt`: the recipient, a blank line, the text. */
export function fileSmsSender(dataDir: string, log: FastifyBaseLogger): SmsSender {
  const dir = path.join(dataDir, 'sms');
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.txt`);
      await writeFile(file, `To: ${message.to}\n\n${message.text}\n`, { mode: 0o600 });
      log.info({ file }, 'no SMS provider configured: SMS written to file');
    },
  };
}

type Fill = Record<'phone' | 'code' | 'site' | 'message' | 'apiKey', string>;

function fill(template: string, values: Fill, encode: (value: string) => string): string {
  return template.replace(/\{\{\s*(phone|code|site|message|apiKey)\s*\}\}/g, (_all, name: keyof Fill) => encode(values[name]));
}

/** JSON bodies get JSON-escaped values, form bodies URL-encoded ones, anything else the text as it is. */
function bodyEncoder(contentType: string): (value: string) => string {
  if (/json/i.test(contentType)) return (value) => JSON.stringify(value).slice(1, -1);
  if (/x-www-form-urlencoded/i.test(contentType)) return encodeURIComponent;
  return (value) => value;
}

/** The HTTP provider: the url, headers and body templates filled, one request per SMS, 10 s at most. */
export function httpSmsSender(provider: SmsProvider, apiKey: string, fetcher: typeof fetch = fetch): SmsSender {
  return {
    async send(message) {
      const values: Fill = { phone: message.to, code: message.code, site: message.site, message: message.text, apiKey };
      const headers: Record<string, string> = {};
      for (const line of provider.headers.split('\n')) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim()] = fill(line.slice(at + 1).trim(), values, (value) => value.replace(/[\r\n]/g, ''));
      }
      const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
      const url = fill(provider.url, values, encodeURIComponent);
      const body = provider.method === 'GET' ? undefined : fill(provider.body, values, bodyEncoder(contentType));
      const answer = await fetcher(url, { method: provider.method, headers, body, signal: AbortSignal.timeout(10_000), redirect: 'error' });
      await answer.arrayBuffer().catch(() => undefined);
      if (!answer.ok) throw new SmsRefused(answer.status);
    },
  };
}
