/**
 * A TCP proxy in front of a real server (the test's MariaDB or PostgreSQL), to take it away and
 * bring it back as an outage would: `cut()` stops listening (new connections are refused) and
 * resets every connection through it (pooled connections die mid-use); `restore()` listens on
 * the same port again.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
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
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    track(client);
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
    cut: stop,
    restore: async () => {
      await listen(server, port);
    },
    close: stop,
  };
}
