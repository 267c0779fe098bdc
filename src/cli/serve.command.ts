import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';

export async function runServe(): Promise<number> {
  const config = loadConfig();
  const ctx = await createContext(config);
  // A SIGKILL between reserving quota and recording the conversion leaves a reservation behind. On
  // SQLite this process is the only writer, so every reservation is a dead one and is given back now;
  // on PostgreSQL other instances may be converting, so only reservations older than any live
  // conversion are (and each account's are checked again before its next reservation).
  await ctx.quota.reclaimStale(null, ctx.dbh.dialect === 'sqlite');
  const app = await buildApp(ctx);
  // Jobs: webhook deliveries and retention always; converting job files too unless JOBS_IN_SERVER=false
  // (then `ledgerline worker` processes do it).
  await ctx.jobs.start({ consume: config.jobsInServer, log: app.log });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    // Past the deadline the process goes anyway; exit 1 tells the supervisor the drain was cut short.
    setTimeout(() => {
      app.log.error({ signal, uploadsInFlight: ctx.lifecycle.uploadsInFlight }, 'shutdown deadline passed; exiting with work unfinished');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.log.info({ signal, uploadsInFlight: ctx.lifecycle.uploadsInFlight }, 'draining: refusing new uploads, finishing accepted ones');
    try {
      // Keep listening while draining so /readyz can say so (a load balancer takes the instance out)
      // and refused uploads get a proper 503 instead of a refused connection.
      await Promise.all([ctx.lifecycle.drain(config.shutdownTimeoutMs), sleep(config.shutdownDelayMs)]);
      // fastify.close stops listening and waits for requests still open; then the pool, Redis and DB close.
      await app.close();
      await ctx.close();
      app.log.info({ signal, ms: Date.now() - started }, 'shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  return -1;
}
