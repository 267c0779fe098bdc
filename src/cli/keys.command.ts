import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { AppError } from '../errors.js';
import { options, required } from './args.js';

export async function runKeys(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = options(rest, { email: { type: 'string' }, name: { type: 'string' } });
  const ctx = await createContext(loadConfig(), { converter: 'inline' });
  try {
    switch (sub) {
      case 'create': {
        const account = await ctx.accounts.byEmail(required(values.email, 'email'));
        const key = await ctx.apiKeys.create(account, values.name);
        // The key alone on stdout, so `KEY=$(ledgerline keys create ...)` works.
        process.stdout.write(`${key.key}\n`);
        return 0;
      }
      case 'list': {
        let rows = await ctx.apiKeys.listAll();
        if (values.email) rows = rows.filter((r) => r.email === values.email!.trim().toLowerCase());
        for (const r of rows) {
          process.stdout.write(
            [
              r.id,
              r.email,
              r.prefix + '...',
              JSON.stringify(r.name),
              r.created_at,
              r.last_used_at ?? '-',
              r.revoked_at ? `revoked ${r.revoked_at}` : 'live',
            ].join('\t') + '\n',
          );
        }
        return 0;
      }
      case 'revoke': {
        const id = required(positionals[0], 'ID (positional)');
        await ctx.apiKeys.revoke(id, null);
        process.stdout.write(`revoked ${id}\n`);
        return 0;
      }
      default:
        throw new AppError('invalid_request', 'keys needs create, list or revoke.');
    }
  } finally {
    await ctx.close();
  }
}
