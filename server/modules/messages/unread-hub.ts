/**
 * The live unread badge: every open `GET /api/user/events` stream of this process, by user.
 * A change to a user's unread count is announced on the event bus (topic `unread`, payload
 * `{userIds}`) after the transaction behind it commits; the hub of every process that holds a
 * stream of one of those users reads the count once and sends `event: unread` with `{count}` to
 * each of that user's streams whose last sent count differs. Reads for one user never overlap
 * and a change that arrives during a read triggers one more read, so the last count sent is the
 * current one. A comment line every `heartbeatMs` keeps proxies from closing idle streams.
 *
 * The same streams carry other features' live events (issue 28: `event: conversation`): a
 * `member-event` on the bus names, per user, an event name and its data, which the hub writes as
 * they are to that user's streams in this process (one stream per tab, not one per feature).
 */
import type { ServerResponse } from 'node:http';
import type { EventBus } from '../../infra/events';

export const UNREAD_TOPIC = 'unread';
export const MEMBER_EVENT_TOPIC = 'member-event';

/** One live event for one member's open pages. */
export interface MemberDelivery {
  userId: number;
  /** The SSE event name (`conversation`): lower-case letters, dots and dashes. */
  event: string;
  data: unknown;
}

const EVENT_NAME = /^[a-z][a-z.-]{0,31}$/;

/** The deliveries of a `member-event` payload (malformed entries dropped). */
export function memberDeliveries(payload: unknown): MemberDelivery[] {
  if (!payload || typeof payload !== 'object') return [];
  const list = (payload as { deliveries?: unknown }).deliveries;
  if (!Array.isArray(list)) return [];
  return list.filter((item): item is MemberDelivery => {
    if (!item || typeof item !== 'object') return false;
    const { userId, event } = item as Partial<MemberDelivery>;
    return Number.isSafeInteger(userId) && typeof event === 'string' && EVENT_NAME.test(event) && event !== 'unread';
  });
}

export interface UnreadHubOptions {
  heartbeatMs: number;
  maxPerUser: number;
  /** EventSource reconnect delay sent to the browser. */
  retryMs: number;
  count(userId: number): Promise<number>;
  onError(error: unknown): void;
}

interface Connection {
  userId: number;
  res: ServerResponse;
  /** The last count sent on this stream; null before the first. */
  last: number | null;
}

/** Reads the user ids out of an `unread` event payload. */
export function unreadEventUsers(payload: unknown): number[] {
  if (!payload || typeof payload !== 'object') return [];
  const ids = (payload as { userIds?: unknown }).userIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
};

export class UnreadHub {
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly refreshing = new Map<number, { again: boolean }>();
  private heartbeat: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private unsubscribeMember: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly bus: EventBus,
    private readonly options: UnreadHubOptions,
  ) {}

  /** Subscribes to the bus; resolves once the subscription is live. */
  async start(): Promise<void> {
    this.unsubscribe = this.bus.subscribe(UNREAD_TOPIC, (payload) => {
      for (const userId of unreadEventUsers(payload)) if (this.byUser.has(userId)) this.refresh(userId);
    });
    this.unsubscribeMember = this.bus.subscribe(MEMBER_EVENT_TOPIC, (payload) => {
      for (const delivery of memberDeliveries(payload)) this.deliver(delivery);
    });
    await this.bus.ready();
  }

  /** Open streams (all users), for tests and metrics. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /**
   * Takes over a response as an event stream for `userId`: writes the head, the first count,
   * and keeps it until the client goes away (or the hub closes).
   */
  open(userId: number, res: ServerResponse): void {
    if (this.closed) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end();
      return;
    }
    res.writeHead(200, SSE_HEADERS);
    res.write(`retry: ${this.options.retryMs}\n\n`);
    const conn: Connection = { userId, res, last: null };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(conn);
    // Too many streams for one user (tabs left open): close the oldest.
    while (set.size > this.options.maxPerUser) {
      const oldest = set.values().next().value;
      if (!oldest) break;
      this.drop(oldest);
      oldest.res.end();
    }
    res.on('close', () => this.drop(conn));
    this.ensureHeartbeat();
    this.refresh(userId);
  }

  /**
   * Ends every stream (server shutdown) and leaves the bus. Each stream's last line is a retry
   * hint between one second and one `retryMs` later, at random: the browsers reconnect (to
   * another process, or this one restarted) spread out rather than all in the same instant.
   */
  close(): void {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.unsubscribeMember?.();
    this.unsubscribeMember = null;
    for (const set of this.byUser.values()) for (const conn of set) conn.res.end(`retry: ${1_000 + Math.floor(Math.random() * this.options.retryMs)}\n\n`);
    this.byUser.clear();
    this.stopHeartbeat();
  }

  /** Writes one member event to each of the member's streams in this process (none: nothing). */
  private deliver({ userId, event, data }: MemberDelivery): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    const chunk = `event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
    for (const conn of set) write(conn.res, chunk);
  }

  private drop(conn: Connection): void {
    const set = this.byUser.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(conn.userId);
    if (this.byUser.size === 0) this.stopHeartbeat();
  }

  private refresh(userId: number): void {
    const running = this.refreshing.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    this.refreshing.set(userId, state);
    void (async () => {
      try {
        while (state.again && this.byUser.has(userId)) {
          state.again = false;
          const count = await this.options.count(userId);
          for (const conn of this.byUser.get(userId) ?? []) {
            if (conn.last === count) continue;
            conn.last = count;
            write(conn.res, `event: unread\ndata: ${JSON.stringify({ count })}\n\n`);
          }
        }
      } catch (error) {
        this.options.onError(error);
      } finally {
        this.refreshing.delete(userId);
      }
    })();
  }

  private ensureHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const set of this.byUser.values()) for (const conn of set) write(conn.res, ': ping\n\n');
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

function write(res: ServerResponse, chunk: string): void {
  if (res.writableEnded || res.destroyed) return;
  res.write(chunk);
}
