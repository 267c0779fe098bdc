// ledgerline <command>: serve | migrate | users | keys | convert.
// Commands are imported on demand: `convert` must not pay for loading the server and database stack.
import { isAppError, toProblem } from '../errors.js';

const USAGE = `usage:
  ledgerline serve
  ledgerline worker                     convert job files (BullMQ with REDIS_URL, else the database queue)
  ledgerline migrate
  ledgerline users create --email E --password P [--plan free|starter|pro|business]
  ledgerline users set-plan --email E --plan PLAN
  ledgerline users set-password --email E --password P
  ledgerline keys create --email E [--name N]
  ledgerline keys list [--email E]
  ledgerline keys revoke ID
`;
/** The whole usage text; the convert lines come from the writer options (loaded only when asked). */
const usage = async (): Promise<string> => USAGE + (await import('./convert.command.js')).convertUsage();

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'serve':
      return (await import('./serve.command.js')).runServe();
    case 'worker':
      return (await import('./worker.command.js')).runWorker();
    case 'migrate':
      return (await import('./users.command.js')).runMigrate();
    case 'users':
      return (await import('./users.command.js')).runUsers(rest);
    case 'keys':
      return (await import('./keys.command.js')).runKeys(rest);
    case 'convert':
      return (await import('./convert.command.js')).runConvert(rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(await usage());
      return cmd === undefined ? 1 : 0;
    default:
      process.stderr.write(`unknown command "${cmd}"\n${await usage()}`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== -1) process.exitCode = code;
  },
  (e) => {
    if (isAppError(e)) process.stderr.write(JSON.stringify(toProblem(e.code, e.detail)) + '\n');
    else process.stderr.write(JSON.stringify(toProblem('internal_error', e instanceof Error ? e.message : String(e))) + '\n');
    process.exitCode = 1;
  },
);
