// ledgerline <command>: the commands are declared once here (name, one line, help, how to run it), and
// `ledgerline --help`, `ledgerline help COMMAND` and `ledgerline COMMAND --help` read the same table.
// Commands are imported on demand: `convert` must not pay for loading the server and database stack.
// Exit codes (docs/cli.md): 0 success, 2 bad input or usage (the API's 400), 3 no transactions or an
// unsupported bank (the API's 422), 1 anything else.
import { AppError } from '../errors.js';
import { reportFailure, takeJsonFlag } from './report.js';

interface Command {
  /** One line for the list of commands. */
  summary: string;
  /** The command's own help (usage lines, then what it does); a function when it is derived from declarations. */
  help: string | (() => Promise<string>);
  run(args: string[]): Promise<number>;
}

const ADMIN_ENV = `Settings come from the environment (DATABASE_URL, REDIS_URL, ...; see docs/foundation.md).`;

const COMMANDS: Record<string, Command> = {
  convert: {
    summary: 'convert statements offline (one file, several files or a folder)',
    help: async () => (await import('./convert.command.js')).convertHelp(),
    run: async (args) => (await import('./convert.command.js')).runConvert(args),
  },
  banks: {
    summary: 'list the banks that have a profile (the values of --bank)',
    help: `usage: ledgerline banks [--json]

Lists the bank profiles: the id to give as --bank (or the API's bank field), the bank's name, and
which inputs the profile reads (csv, pdf). "auto" (detect the bank, the default) and "generic" (read
with no profile) are always accepted too. --json prints the list as JSON, as GET /api/v1/banks does.
`,
    run: async (args) => (await import('./banks.command.js')).runBanks(args),
  },
  serve: {
    summary: 'run the web app and the API',
    help: `usage: ledgerline serve

Runs the REST API, the web app and (unless JOBS_IN_SERVER=false) the job worker on PORT (3000).
Stops cleanly on SIGTERM. ${ADMIN_ENV}
`,
    run: async () => (await import('./serve.command.js')).runServe(),
  },
  worker: {
    summary: 'convert job files (BullMQ with REDIS_URL, else the database queue)',
    help: `usage: ledgerline worker

Converts the files of asynchronous jobs, delivers webhooks and deletes what retention says is due.
Run as many as you like on machines that reach the database. ${ADMIN_ENV}
`,
    run: async () => (await import('./worker.command.js')).runWorker(),
  },
  migrate: {
    summary: 'bring the database up to date',
    help: `usage: ledgerline migrate

Applies the database migrations not applied yet and prints their names. ${ADMIN_ENV}
`,
    run: async () => (await import('./users.command.js')).runMigrate(),
  },
  users: {
    summary: 'create accounts, set their plan or password',
    help: `usage:
  ledgerline users create --email E --password P [--plan free|starter|pro|business]
  ledgerline users set-plan --email E --plan PLAN
  ledgerline users set-password --email E --password P

set-password also ends every web session of the account. Plans: free (web only), starter, pro,
business (web and API). ${ADMIN_ENV}
`,
    run: async (args) => (await import('./users.command.js')).runUsers(args),
  },
  keys: {
    summary: 'create, list and revoke API keys',
    help: `usage:
  ledgerline keys create --email E [--name N]    prints the new key alone on stdout, once
  ledgerline keys list [--email E]
  ledgerline keys revoke ID

Only accounts on a paid plan hold API keys (the same rule as the Account page): move a free account
first with "ledgerline users set-plan". ${ADMIN_ENV}
`,
    run: async (args) => (await import('./keys.command.js')).runKeys(args),
  },
};

const overview = (): string =>
  `usage: ledgerline COMMAND [options]    (ledgerline COMMAND --help for a command's options)

${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(9)} ${c.summary}`)
  .join('\n')}

Failures are a sentence on a terminal, a JSON problem object with --json or when stderr is not a
terminal. Exit codes: 0 success, 2 bad input or usage, 3 no transactions found or unsupported bank,
1 anything else.
`;

const helpOf = async (c: Command): Promise<string> => (typeof c.help === 'string' ? c.help : c.help());
const wantsHelp = (args: string[]) => args.includes('--help') || args.includes('-h');

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = takeJsonFlag(argv);
  if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    const named = cmd === 'help' && rest[0] !== undefined ? COMMANDS[rest[0]] : undefined;
    if (cmd === 'help' && rest[0] !== undefined && !named) throw new AppError('invalid_request', `There is no command "${rest[0].slice(0, 40)}".`);
    // No command at all is a usage mistake: the overview goes to stderr and the exit code says so.
    if (cmd === undefined) {
      process.stderr.write(overview());
      return 2;
    }
    process.stdout.write(named ? await helpOf(named) : overview());
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (!command) {
    throw new AppError(
      'invalid_request',
      `There is no command "${cmd.slice(0, 40)}". The commands are ${Object.keys(COMMANDS).join(', ')}; "ledgerline --help" describes them.`,
    );
  }
  if (wantsHelp(rest)) {
    process.stdout.write(await helpOf(command));
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    return reportFailure(e, cmd);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== -1) process.exitCode = code;
  },
  (e: unknown) => {
    process.exitCode = reportFailure(e);
  },
);
