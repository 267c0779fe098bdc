// A loopback TCP relay to PostgreSQL that a test can cut and restore, to play a database restart
// without touching the real server other tests use.
import net from 'node:net';

export interface Relay {
  port: number;
  /** Drops every relayed connection and stops listening (the database "goes down"). */
  cut(): Promise<void>;
  /** Listens again on the same port (the database "is back"). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function relayTo(target: { host: string; port: number }): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const make = () =>
    net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const stop = async () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return {
    port,
    cut: stop,
    async restore() {
      server = make();
      await listen(port);
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
