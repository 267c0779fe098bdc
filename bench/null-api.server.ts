// The API bench's server that does no work: the service's HTTP stack (fastify 5 and
// @fastify/multipart) answering POST /api/v1/convert by reading the file part whole and sending a
// fixed JSON body of the size asked (bytes, the first argument). Timed with the bench's own client, it
// is what HTTP, multipart and that client cost before any key, quota, process or conversion.
// Sends `{ port }` to its parent once it listens.
import Fastify from 'fastify';
import multipart from '@fastify/multipart';

const size = Number(process.argv[2] ?? 6000);
const body = JSON.stringify({ padding: 'x'.repeat(Math.max(0, size - 14)) });
const app = Fastify({ logger: false });
await app.register(multipart, { limits: { files: 1 } });
app.post('/api/v1/convert', async (request, reply) => {
  const file = await request.file();
  await file?.toBuffer();
  return reply.type('application/json').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
