// The floor of a conversion in its own process, for the API bench: the service's HTTP stack (as in
// null-api.server.ts: fastify 5, @fastify/multipart) hands the file to one warm child process running the
// compiled engine (isolated-floor.child.mjs, the same IPC serialisation as the pool), which converts it
// and sends the answer's JSON bytes back. The first argument is the round trips a file takes between
// the two processes (1: the answer comes with the conversion; 2: a short summary goes to the server
// and a short reply comes back before the answer, as continuity needs). No key, quota, record or
// database: what process isolation costs on this stack, before the service's own work.
// Sends `{ port }` to its parent once it listens.
import { fork } from 'node:child_process';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';

const trips = Number(process.argv[2] ?? 1);
const child = fork(new URL('./isolated-floor.child.mjs', import.meta.url), [], { serialization: 'advanced', execArgv: [] });
await new Promise((resolve) => child.once('message', resolve));
let waiting: ((m: { summary?: unknown; answer?: Uint8Array }) => void) | null = null;
child.on('message', (m: { summary?: unknown; answer?: Uint8Array }) => waiting?.(m));
const next = () => new Promise<{ summary?: unknown; answer?: Uint8Array }>((resolve) => (waiting = resolve));

const app = Fastify({ logger: false });
await app.register(multipart, { limits: { files: 1 } });
app.post('/api/v1/convert', async (request, reply) => {
  const file = await request.file();
  const bytes = await file!.toBuffer();
  let m = next();
  child.send({ bytes, trips });
  if (trips === 2) {
    await m;
    m = next();
    child.send({ orders: { warnings: [], keep: false } });
  }
  const { answer } = await m;
  return reply.type('application/json').send(Buffer.from(answer!.buffer, answer!.byteOffset, answer!.byteLength));
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => void app.close().then(() => (child.kill(), process.exit(0))));
