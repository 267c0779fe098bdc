// Entry of one conversion child process (src/adapters/process-slot.ts): loads the task module named on
// the command line, then runs one task at a time as the parent sends them over the IPC channel. The
// module's default export converts; its named exports are the other tasks (classify, render). A long
// payload's `bytes` come over stdin after its message, which says how many (`stdin`) and carries
// `bytes: null`. Payloads and replies cross with their tables as columns (table-codec.mjs); a reply's
// long tables come first in slices ({ id, slice }). A reply with `pieces` (an answer's bytes, an async
// iterable) streams: the reply without them goes first ({ id, head }), then each piece as it is made
// ({ id, piece }), then { id, last: true }, then the end, whose value is the reply's `tail()` (work done
// after the answer, such as the kept copy); neither side holds the answer whole. An answer of one piece
// comes in one message with its head and `last`.
import { pathToFileURL } from 'node:url';
import { pack, slices, unpack } from './table-codec.mjs';

const mod = await import(pathToFileURL(process.argv[2]).href);

/** Chunks read from stdin and not yet taken by a task; `wake` resumes a task waiting for more. */
const queue = [];
let wake = null;
let ended = false;
const resume = () => {
  const w = wake;
  wake = null;
  w?.();
};
process.stdin.on('data', (chunk) => {
  queue.push(chunk);
  resume();
});
process.stdin.on('end', () => {
  ended = true;
  resume();
});

/** The next `n` bytes of stdin, in one buffer. */
async function readStdin(n) {
  const out = new Uint8Array(n);
  let at = 0;
  while (at < n) {
    if (!queue.length) {
      if (ended) throw new Error(`stdin ended after ${at} of ${n} bytes`);
      await new Promise((r) => (wake = r));
      continue;
    }
    const chunk = queue[0];
    const take = Math.min(chunk.length, n - at);
    out.set(take === chunk.length ? chunk : chunk.subarray(0, take), at);
    at += take;
    if (take === chunk.length) queue.shift();
    else queue[0] = chunk.subarray(take);
  }
  return out;
}

process.on('message', async (msg) => {
  const { id, name, stdin } = msg ?? {};
  const fn = name ? mod[name] : mod.default;
  try {
    // The task's bytes are taken from stdin first, whatever happens next, so they can never be read
    // as the next task's.
    const bytes = stdin !== undefined ? await readStdin(stdin) : null;
    const payload = unpack(msg.payload);
    if (bytes) payload.bytes = bytes;
    if (typeof fn !== 'function') throw new Error(`the task module has no task "${name ?? 'default'}"`);
    const reply = await fn(payload);
    const pieces = reply?.pieces;
    if (pieces) {
      const tail = reply.tail;
      delete reply.pieces;
      delete reply.tail;
      const send = (m) => new Promise((resolve) => process.send({ id, ...m }, resolve));
      const it = pieces[Symbol.asyncIterator]();
      const first = await it.next();
      const second = first.done ? first : await it.next();
      // An answer of one piece goes in one message with its head (one wake-up of the server).
      if (second.done) await send({ head: pack(reply), ...(first.done ? {} : { piece: first.value }), last: true });
      else {
        await send({ head: pack(reply) });
        await send({ piece: first.value });
        await send({ piece: second.value });
        for (let next = await it.next(); !next.done; next = await it.next()) await send({ piece: next.value });
        await send({ last: true });
      }
      // The end carries the tail (work after the answer, such as the kept copy).
      process.send({ id, ok: true, value: pack(tail ? await tail() : null) });
      return;
    }
    const value = pack(reply);
    // A long table's rows go ahead in slices, each sent once the one before is written.
    for (const slice of slices(value)) await new Promise((resolve) => process.send({ id, slice }, resolve));
    process.send({ id, ok: true, value });
  } catch (e) {
    process.send({ id, ok: false, error: { name: e?.name, message: String(e?.message ?? e) } });
  }
});
// The parent went away (or retired this slot): nothing is left to do.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
