import { buildApp } from '../api/app.js';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';

export async function runServe(): Promise<number> {
  const config = loadConfig();
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // fastify.close stops accepting connections and waits for in-flight requests; then the pool and DB close.
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  return -1;
}
