// Gives a large request's memory back to the system once it is answered. A 50 MB upload's result (a
// quarter of a million rows as objects, its JSON in pieces, the kept copy) grew the server's heap by
// some 400 MB, and with no allocation after it V8 had no reason to collect: the server stayed that
// big while idle. A second after the last large request has been answered (and its result kept),
// a full collection runs, and again a few seconds later (what was still referenced at the first, such
// as the connection's last request or the kept copy's buffers); V8 then unmaps the pages it emptied.
import type { FastifyInstance } from 'fastify';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Requests whose body is at least this long (bytes) are large. */
const LARGE_REQUEST_BYTES = 8 * 1024 * 1024;
/** When the collections run after the last large answer, ms. */
const AFTER_MS = [1000, 5000];

let collect: (() => void) | null | undefined;

/** V8's full collection, exposed for this process once (null where the runtime refuses). */
function collector(): (() => void) | null {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/**
 * After each large request's answer, collections at AFTER_MS (once for a burst of them); `settled` is
 * waited for first (work still finishing after the answer, such as keeping the result).
 */
export function giveBackAfterLargeRequests(app: FastifyInstance, settled: () => Promise<void>): void {
  let timers: NodeJS.Timeout[] = [];
  const run = () => void settled().then(() => collector()?.());
  app.addHook('onResponse', async (request) => {
    if (Number(request.headers['content-length'] ?? 0) < LARGE_REQUEST_BYTES) return;
    for (const t of timers) clearTimeout(t);
    timers = AFTER_MS.map((ms) => setTimeout(run, ms).unref());
  });
}
