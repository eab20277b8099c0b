/**
 * The Redis event bus survives Redis being unreachable: at start (the first SUBSCRIBE is
 * rejected) and later (a restart while a new topic is subscribed). The real local Redis sits
 * behind a small TCP relay the test opens and closes, so "Redis is down" never touches the
 * server other suites share.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/e2e-server';
import { MemoryEventBus, RedisEventBus } from './events';
import { createRedis } from './redis';

const REDIS = { host: '127.0.0.1', port: 6379 };

const direct = new Redis({ ...REDIS, lazyConnect: true, maxRetriesPerRequest: 1 });
const redisAvailable = await direct.connect().then(
  () => true,
  (error: Error) => {
    if (process.env.CI) throw error;
    console.warn(`[tests] skipping the Redis event bus: ${error.message}`);
    return false;
  },
);
afterAll(async () => {
  if (redisAvailable) await direct.quit();
});

/** A TCP relay to the real Redis on `port`: `up()` accepts connections, `down()` refuses them and cuts the open ones. */
class RedisRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  constructor(readonly port: number) {}

  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(REDIS.port, REDIS.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(redisAvailable)('RedisEventBus when Redis is unreachable', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  /** A bus whose connections go through a relay (closed at first), and what it heard. */
  async function relayedBus() {
    const relay = new RedisRelay(await freePort());
    const namespace = `test-${randomBytes(4).toString('hex')}`;
    const publisher = createRedis(`redis://127.0.0.1:${relay.port}`);
    publisher.on('error', () => {}); // ECONNREFUSED while the relay is down: expected here
    const errors: unknown[] = [];
    const bus = new RedisEventBus(publisher, namespace, (error) => errors.push(error));
    cleanup.push(async () => {
      await relay.down();
      await bus.close();
      publisher.disconnect();
    });
    const heard: Array<[string, unknown]> = [];
    const listen = (topic: string) => bus.subscribe(topic, (payload) => heard.push([topic, payload]));
    const channel = (topic: string) => `sabai:events:${namespace}:${topic}`;
    /** Publishes straight to the real Redis until someone hears it; answers what `topic` heard. */
    const reaches = async (topic: string) => {
      await eventually(async () => (await direct.publish(channel(topic), JSON.stringify({ topic }))) > 0 && heard.some(([t]) => t === topic));
      return heard.filter(([t]) => t === topic).map(([, payload]) => payload)[0];
    };
    return { relay, bus, errors, listen, reaches, channel };
  }

  it('subscribes again once Redis is reachable when the first SUBSCRIBE was rejected (Redis down at start)', async () => {
    const { relay, bus, errors, listen, reaches } = await relayedBus();
    listen('unread');
    await bus.ready(); // resolves although the SUBSCRIBE failed: the failure went to onError
    expect(errors.some((error) => error instanceof Error && /max retries/i.test(error.message))).toBe(true);
    await relay.up();
    expect(await reaches('unread')).toEqual({ topic: 'unread' });
  });

  it('hears old and new topics after Redis comes back, including one subscribed while it was down (restart)', async () => {
    const { relay, bus, errors, listen, reaches } = await relayedBus();
    await relay.up();
    listen('before');
    await bus.ready();
    expect(await reaches('before')).toEqual({ topic: 'before' });
    errors.length = 0;
    await relay.down();
    listen('during');
    await bus.ready();
    expect(errors.some((error) => error instanceof Error && /max retries/i.test(error.message))).toBe(true);
    await relay.up();
    expect(await reaches('during')).toEqual({ topic: 'during' });
    expect(await reaches('before')).toEqual({ topic: 'before' });
  });

  it('does not subscribe again to topics nobody listens to any more', async () => {
    const { relay, bus, listen, reaches, channel } = await relayedBus();
    await relay.up();
    const stop = listen('gone');
    listen('kept');
    await bus.ready();
    stop();
    await bus.ready();
    await relay.down();
    await relay.up();
    // 'kept' heard again: the bus has reconnected and subscribed (one SUBSCRIBE for all its topics).
    expect(await reaches('kept')).toEqual({ topic: 'kept' });
    expect(await direct.pubsub('NUMSUB', channel('gone'))).toEqual([channel('gone'), 0]);
  });
});

describe('MemoryEventBus', () => {
  it('delivers in process and stops after unsubscribe', async () => {
    const bus = new MemoryEventBus();
    const heard: unknown[] = [];
    const stop = bus.subscribe('t', (payload) => heard.push(payload));
    await bus.publish('t', 1);
    stop();
    await bus.publish('t', 2);
    expect(heard).toEqual([1]);
    await bus.close();
  });
});
