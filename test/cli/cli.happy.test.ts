// The command line as a person and a script meet it: --help on every command (exit 0, plain text),
// a folder converted in one run beside the other files, failures as a sentence on a terminal and as
// the contract's JSON when piped or asked, `ledgerline banks`, exit codes as documented, and the one
// rule for API keys (no key for a free account, as on the web page).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listBanks } from '../../src/engine/profiles/index.js';
import { BIN } from '../hostile/server-process.js';
import { SAMPLE_CSV } from '../helpers/multipart.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const env = { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'cli.db')}`, LOG_LEVEL: 'silent' };
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env, timeout: 120_000 });
/** The same command with stderr on a terminal (util-linux `script` gives it a pty). */
const onTerminal = (...args: string[]) =>
  spawnSync('script', ['-qec', [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' '), '/dev/null'], { encoding: 'utf8', env, timeout: 120_000 });

describe('ledgerline on the command line', () => {
  it('answers --help on every command with plain text and exit 0; no command is a usage error (2)', () => {
    for (const cmd of ['convert', 'banks', 'serve', 'worker', 'migrate', 'users', 'keys']) {
      const r = cli(cmd, '--help');
      expect(r.status, cmd).toBe(0);
      expect(r.stdout, cmd).toMatch(/^usage:/);
      expect(r.stdout, cmd).not.toMatch(/^\{/);
    }
    expect(cli('convert', '--help').stdout).toContain('xero, quickbooks');
    expect(cli('help', 'keys').stdout).toContain('keys create --email E');
    const none = cli();
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^usage: ledgerline COMMAND/);
    const unknown = cli('convrt');
    expect(unknown.status).toBe(2);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ code: 'invalid_request', detail: expect.stringContaining('There is no command "convrt"') });
  }, 180_000);

  it('converts a folder in one run, each file written beside the others in --out', () => {
    const inDir = path.join(dir, 'client');
    fs.mkdirSync(inDir);
    fs.writeFileSync(path.join(inDir, 'march.csv'), SAMPLE_CSV);
    fs.writeFileSync(path.join(inDir, 'april.csv'), SAMPLE_CSV.replace(/\/03\//g, '/04/'));
    fs.writeFileSync(path.join(inDir, '.DS_Store'), 'x');
    const out = path.join(dir, 'out') + '/';
    const r = cli('convert', inDir, '--format', 'xero', '--out', out, '--jobs', '1');
    expect(r.status).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(['april-xero.csv', 'march-xero.csv']);
    expect(r.stdout.trim().split('\n').pop()).toBe(`2 of 2 converted into ${out}`);
    // A folder without --out is a usage error that says what to add.
    const bare = cli('convert', inDir);
    expect(bare.status).toBe(2);
    expect(JSON.parse(bare.stderr).detail).toContain('--out DIR/');
  }, 180_000);

  it('says a failure in words on a terminal and as JSON when piped or asked (--json); exit codes 2 and 3', () => {
    const missing = path.join(dir, 'missing.pdf');
    const piped = cli('convert', missing);
    expect(piped.status).toBe(2);
    expect(JSON.parse(piped.stderr)).toMatchObject({ code: 'invalid_request', detail: `Cannot read ${missing}: there is no such file.` });
    const tty = onTerminal('convert', missing);
    expect(tty.stdout).toContain(`ledgerline: invalid request: Cannot read ${missing}: there is no such file.`);
    expect(tty.stdout).toContain('Run "ledgerline convert --help"');
    expect(tty.stdout).not.toContain('"code"');
    expect(onTerminal('convert', missing, '--json').stdout).toContain('"code":"invalid_request"');
    const empty = path.join(dir, 'empty.csv');
    fs.writeFileSync(empty, 'Date,Description,Amount\r\n');
    expect(cli('convert', empty).status).toBe(3);
  }, 180_000);

  it('lists the banks, and refuses an API key to a free account as the web page does', () => {
    const banks = cli('banks');
    expect(banks.status).toBe(0);
    for (const b of listBanks()) expect(banks.stdout).toContain(b.id);
    expect(banks.stdout).toMatch(/^auto\s+Detect the bank/m);
    expect(JSON.parse(cli('banks', '--json').stdout).banks).toEqual(listBanks());

    expect(cli('users', 'create', '--email', 'free@example.com', '--password', 'correct horse battery').status).toBe(0);
    const refused = cli('keys', 'create', '--email', 'free@example.com');
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(JSON.parse(refused.stderr)).toMatchObject({ code: 'paid_plan_required', detail: expect.stringContaining('users set-plan') });
    expect(cli('users', 'set-plan', '--email', 'free@example.com', '--plan', 'starter').status).toBe(0);
    const key = cli('keys', 'create', '--email', 'free@example.com');
    expect(key.status).toBe(0);
    expect(key.stdout).toMatch(/^ll_live_[0-9A-Za-z]{32}\n$/);
  }, 180_000);
});
