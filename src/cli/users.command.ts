import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { AppError } from '../errors.js';
import { migrate, openDb } from '../store/db.js';
import { options, required } from './args.js';

export async function runMigrate(): Promise<number> {
  const config = loadConfig();
  const dbh = openDb(config.databaseUrl);
  try {
    const done = await migrate(dbh.db);
    process.stdout.write(done.length ? `applied: ${done.join(', ')}\n` : 'up to date\n');
    return 0;
  } finally {
    await dbh.close();
  }
}

export async function runUsers(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values } = options(rest, { email: { type: 'string' }, password: { type: 'string' }, plan: { type: 'string' } });
  const ctx = await createContext(loadConfig(), { converter: 'inline' });
  try {
    switch (sub) {
      case 'create': {
        const row = await ctx.accounts.create(required(values.email, 'email'), required(values.password, 'password'), values.plan ?? 'free');
        process.stdout.write(`created ${row.email} (${row.id}) on the ${row.plan} plan\n`);
        return 0;
      }
      case 'set-plan': {
        const row = await ctx.accounts.setPlan(required(values.email, 'email'), required(values.plan, 'plan'));
        process.stdout.write(`${row.email} is now on the ${row.plan} plan\n`);
        return 0;
      }
      case 'set-password': {
        const email = required(values.email, 'email');
        await ctx.accounts.setPassword(email, required(values.password, 'password'));
        // A reset must also end every open web session of the account (a stolen session stops working).
        const account = await ctx.accounts.byEmail(email);
        const ended = await ctx.sessions.destroyAll(account.id);
        process.stdout.write(`password changed; ${ended} web session(s) ended\n`);
        return 0;
      }
      default:
        throw new AppError('invalid_request', 'users needs create, set-plan or set-password.');
    }
  } finally {
    await ctx.close();
  }
}
