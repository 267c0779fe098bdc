// Entry of one conversion child process (src/adapters/process-slot.ts): loads the task module named on
// the command line, then runs one task at a time as the parent sends them over the IPC channel. The
// module's default export converts; its named exports are the other tasks (classify, render).
import { pathToFileURL } from 'node:url';

const mod = await import(pathToFileURL(process.argv[2]).href);

process.on('message', async (msg) => {
  const { id, name, payload } = msg ?? {};
  const fn = name ? mod[name] : mod.default;
  try {
    if (typeof fn !== 'function') throw new Error(`the task module has no task "${name ?? 'default'}"`);
    const value = await fn(payload);
    process.send({ id, ok: true, value });
  } catch (e) {
    process.send({ id, ok: false, error: { name: e?.name, message: String(e?.message ?? e) } });
  }
});
// The parent went away (or retired this slot): nothing is left to do.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
