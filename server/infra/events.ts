/**
 * A small publish/subscribe bus for "something changed" signals between the parts of the app
 * (e.g. a user's unread-message count, which open Server-Sent Events streams push to browsers).
 *
 *  - In-process (default): an EventEmitter. One process sees its own events.
 *  - Redis (REDIS_URL set): PUBLISH on the shared connection, SUBSCRIBE on a second, dedicated
 *    connection (a subscribed Redis connection can do nothing else), so an event published by
 *    process A reaches the subscribers of process B. Channels are prefixed by a namespace, so
 *    several forums (or test runs) can share one Redis without hearing each other. Every
 *    (re)connection subscribes again to every channel in use, so a Redis that was down when the
 *    process started, or restarts later, does not leave it deaf. Events published while Redis
 *    is down are lost (pub/sub keeps nothing): subscribers must treat them as hints.
 *
 * Payloads are JSON values. Publish only after the transaction behind the event has committed:
 * subscribers react by reading the database.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type EventHandler = (payload: unknown) => void;

export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Answers the unsubscribe function. Handlers must not throw. */
  subscribe(topic: string, handler: EventHandler): () => void;
  /** Resolves once every subscription so far is live (Redis acknowledged it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    this.emitter.emit(topic, payload);
  }

  subscribe(topic: string, handler: EventHandler): () => void {
    this.emitter.on(topic, handler);
    return () => {
      this.emitter.off(topic, handler);
    };
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisEventBus implements EventBus {
  private readonly subscriber: Redis;
  private readonly local = new EventEmitter();
  private readonly prefix: string;
  private pending: Array<Promise<unknown>> = [];
  private closed = false;

  constructor(
    private readonly publisher: Redis,
    namespace: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.prefix = `sabai:events:${namespace}:`;
    this.local.setMaxListeners(0);
    this.subscriber = publisher.duplicate();
    this.subscriber.on('error', (error: unknown) => this.onError(error));
    this.subscriber.on('ready', () => this.resubscribe());
    this.subscriber.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(this.prefix)) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message);
      } catch {
        return;
      }
      this.local.emit(channel.slice(this.prefix.length), payload);
    });
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    await this.publisher.publish(this.prefix + topic, JSON.stringify(payload));
  }

  subscribe(topic: string, handler: EventHandler): () => void {
    if (this.local.listenerCount(topic) === 0) this.track(this.subscriber.subscribe(this.prefix + topic));
    this.local.on(topic, handler);
    return () => {
      this.local.off(topic, handler);
      if (this.local.listenerCount(topic) === 0 && !this.closed) this.track(this.subscriber.unsubscribe(this.prefix + topic));
    };
  }

  async ready(): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    await Promise.all(pending);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.local.removeAllListeners();
    try {
      await this.subscriber.quit();
    } catch {
      this.subscriber.disconnect();
    }
  }

  /**
   * On every (re)connection, SUBSCRIBE again to every topic that has handlers here. ioredis
   * restores by itself only the channels whose SUBSCRIBE Redis acknowledged; one sent while
   * Redis was unreachable (at start, or during a restart) was rejected after
   * `maxRetriesPerRequest` and would stay lost, leaving this process deaf to other processes'
   * events. SUBSCRIBE is idempotent, so channels ioredis restored cost nothing more.
   */
  private resubscribe(): void {
    if (this.closed) return;
    const channels = this.local.eventNames().map((topic) => this.prefix + String(topic));
    if (channels.length === 0) return;
    // Not tracked for ready(): it may run any number of times over the process's life.
    this.subscriber.subscribe(...channels).catch((error: unknown) => this.onError(error));
  }

  private track(promise: Promise<unknown>): void {
    this.pending.push(
      promise.catch((error: unknown) => {
        this.onError(error);
      }),
    );
  }
}
