/**
 * A TCP proxy in front of a real server (the test's MariaDB or PostgreSQL), to take it away and
 * bring it back as an outage would: `cut()` stops listening (new connections are refused) and
 * resets every connection through it (pooled connections die mid-use); `restore()` listens on
 * the same port again. `cut({ silent: true })` is a network that drops packets instead (a host
 * gone, a partition): nothing is refused or reset, every byte in either direction is held back,
 * and new connections are accepted but never reach the server; `restore()` then resets what was
 * held (as the server's side answers a connection it no longer knows) and forwards again.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  cut(options?: { silent?: boolean }): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let silent = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  /** Holds every byte back: the connection stays open and says nothing. */
  const hush = (socket: Socket) => {
    socket.unpipe();
    socket.pause();
  };
  const server = createServer((client) => {
    track(client);
    if (silent) return hush(client);
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await listen(server, 0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.resetAndDestroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return {
    port,
    cut: async (options = {}) => {
      if (!options.silent) return stop();
      silent = true;
      for (const socket of sockets) hush(socket);
    },
    restore: async () => {
      if (silent) {
        silent = false;
        for (const socket of sockets) socket.resetAndDestroy();
        return;
      }
      await listen(server, port);
    },
    close: async () => {
      silent = false;
      await stop();
    },
  };
}
