import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followUnreadCount, parseUnreadEvent, UNREAD_POLL_MS, UNREAD_SSE_RETRY_MS } from './unread-follower';

/** A stand-in for the browser's EventSource: the test fires its events. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  unread(count: unknown) {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent('unread', { data: JSON.stringify({ count }) }));
  }
  fail(state = FakeEventSource.CONNECTING) {
    this.readyState = state;
    this.dispatchEvent(new Event('error'));
  }
}
const FakeES = FakeEventSource as unknown as typeof EventSource;

function envelope(data: unknown, status = 200) {
  return new Response(JSON.stringify(status === 200 ? { success: true, data } : { success: false, errorCode: 1, message: 'Please sign in' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  FakeEventSource.instances = [];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('parseUnreadEvent', () => {
  it('reads {count} and refuses anything else', () => {
    expect(parseUnreadEvent('{"count":3}')).toBe(3);
    expect(parseUnreadEvent('{"count":0}')).toBe(0);
    expect(parseUnreadEvent('{"count":-1}')).toBeNull();
    expect(parseUnreadEvent('{"count":"3"}')).toBeNull();
    expect(parseUnreadEvent('not json')).toBeNull();
    expect(parseUnreadEvent('null')).toBeNull();
    expect(parseUnreadEvent(undefined)).toBeNull();
  });
});

describe('followUnreadCount', () => {
  it('follows the event stream and never polls while it works', async () => {
    const counts: number[] = [];
    const follower = followUnreadCount((n) => counts.push(n), { EventSourceImpl: FakeES });
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe('/api/user/events');
    stream.unread(2);
    stream.unread(5);
    stream.fail(); // one dropped connection: the browser reconnects by itself
    stream.unread(0);
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3);
    expect(counts).toEqual([2, 5, 0]);
    expect(fetchMock).not.toHaveBeenCalled();
    follower.close();
    expect(stream.closed).toBe(true);
  });

  it('falls back to polling msg_recent every 30 s after repeated stream errors', async () => {
    fetchMock.mockImplementation(async () => envelope({ count: 4, messages: [] }));
    const counts: number[] = [];
    const follower = followUnreadCount((n) => counts.push(n), { EventSourceImpl: FakeES, maxErrors: 3 });
    const stream = FakeEventSource.instances[0]!;
    stream.fail();
    stream.fail();
    expect(stream.closed).toBe(false);
    stream.fail();
    expect(stream.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/user/msg_recent');
    expect(counts).toEqual([4]);
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    follower.close();
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('polls at once when the browser gives the stream up (CLOSED)', async () => {
    fetchMock.mockImplementation(async () => envelope({ count: 1, messages: [] }));
    const counts: number[] = [];
    const follower = followUnreadCount((n) => counts.push(n), { EventSourceImpl: FakeES });
    FakeEventSource.instances[0]!.fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(0);
    expect(counts).toEqual([1]);
    follower.close();
  });

  it('polls without EventSource, and stops when the session has ended', async () => {
    fetchMock.mockImplementationOnce(async () => envelope({ count: 7, messages: [] }));
    fetchMock.mockImplementation(async () => envelope(null, 401));
    const counts: number[] = [];
    const follower = followUnreadCount((n) => counts.push(n), { EventSourceImpl: undefined });
    expect(FakeEventSource.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(counts).toEqual([7]);
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    follower.close();
  });

  it('while polling, tries the stream again every few minutes; its first event ends the polling', async () => {
    fetchMock.mockImplementation(async () => envelope({ count: 4, messages: [] }));
    const counts: number[] = [];
    const follower = followUnreadCount((n) => counts.push(n), { EventSourceImpl: FakeES, maxErrors: 3 });
    for (let i = 0; i < 3; i++) FakeEventSource.instances[0]!.fail();
    await vi.advanceTimersByTimeAsync(UNREAD_SSE_RETRY_MS.min - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    const pollsBefore = fetchMock.mock.calls.length;
    expect(pollsBefore).toBeGreaterThanOrEqual(4);
    await vi.advanceTimersByTimeAsync(UNREAD_SSE_RETRY_MS.max - UNREAD_SSE_RETRY_MS.min + 1);
    expect(FakeEventSource.instances).toHaveLength(2);
    const retry = FakeEventSource.instances[1]!;
    expect(retry.url).toBe('/api/user/events');
    // Polling goes on until the new stream delivers.
    retry.fail();
    retry.fail();
    retry.unread(6);
    const polls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3 + UNREAD_SSE_RETRY_MS.max);
    expect(fetchMock).toHaveBeenCalledTimes(polls);
    expect(counts.at(-1)).toBe(6);
    expect(FakeEventSource.instances).toHaveLength(2);
    // The event reset the error count: two more drops (four in all) do not give the stream up.
    retry.fail();
    retry.fail();
    expect(retry.closed).toBe(false);
    follower.close();
    expect(retry.closed).toBe(true);
  });

  it('keeps polling and retries again when the retried stream fails too', async () => {
    fetchMock.mockImplementation(async () => envelope({ count: 1, messages: [] }));
    const follower = followUnreadCount(() => {}, { EventSourceImpl: FakeES, retryMs: 60_000 });
    FakeEventSource.instances[0]!.fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.instances[1]!.fail(FakeEventSource.CLOSED);
    expect(FakeEventSource.instances[1]!.closed).toBe(true);
    const polls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock.mock.calls.length).toBe(polls + 2);
    expect(FakeEventSource.instances).toHaveLength(3);
    follower.close();
    await vi.advanceTimersByTimeAsync(60_000 * 5);
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(fetchMock.mock.calls.length).toBe(polls + 2);
  });

  it('retries at once when the browser comes back online or the tab becomes visible', async () => {
    fetchMock.mockImplementation(async () => envelope({ count: 0, messages: [] }));
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', doc);
    const follower = followUnreadCount(() => {}, { EventSourceImpl: FakeES, retryMs: UNREAD_SSE_RETRY_MS.max });
    win.dispatchEvent(new Event('online')); // streaming: nothing to do
    expect(FakeEventSource.instances).toHaveLength(1);
    FakeEventSource.instances[0]!.fail(FakeEventSource.CLOSED);
    win.dispatchEvent(new Event('online'));
    expect(FakeEventSource.instances).toHaveLength(2);
    win.dispatchEvent(new Event('online')); // a retry is already open
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.instances[1]!.fail(FakeEventSource.CLOSED);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(FakeEventSource.instances).toHaveLength(2);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(FakeEventSource.instances).toHaveLength(3);
    FakeEventSource.instances[2]!.unread(2);
    follower.close();
    FakeEventSource.instances[2]!.fail(FakeEventSource.CLOSED);
    win.dispatchEvent(new Event('online'));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('ignores malformed events and anything after close', () => {
    const counts: number[] = [];
    const follower = followUnreadCount((n) => counts.push(n), { EventSourceImpl: FakeES });
    const stream = FakeEventSource.instances[0]!;
    stream.unread('many');
    stream.unread(3);
    follower.close();
    stream.unread(9);
    expect(counts).toEqual([3]);
  });
});
