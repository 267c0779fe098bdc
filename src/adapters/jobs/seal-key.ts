// The deployment's seal key: JOB_SEAL_SECRET when set, else a random key kept in JOB_SEAL_KEY_FILE
// (created on first start with mode 0600, beside the SQLite file by default, so a copy of the database
// alone does not carry it). Every process of a deployment must use the same key: the first one records
// a check value in the database, and a process started with another key refuses to start.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Db } from '../../store/db.js';
import type { JobTables } from '../../store/job.schema.js';
import { DeploymentSealer } from '../../services/jobs/sealing.js';

export interface SealKeySettings {
  jobSealSecret: string | null;
  jobSealKeyFile: string;
}

function fromSecret(secret: string): Buffer {
  if (secret.length < 32) throw new Error('JOB_SEAL_SECRET must be at least 32 characters (for example 64 hex digits from `openssl rand -hex 32`).');
  return Buffer.from(secret, 'utf8');
}

function fromFile(file: string): Buffer {
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    // Another process made it first: read theirs.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}

/** The deployment's key bytes (JOB_SEAL_SECRET, else the key file, created when missing): other keys are derived from it. */
export const deploymentKey = (settings: SealKeySettings): Buffer =>
  settings.jobSealSecret ? fromSecret(settings.jobSealSecret) : fromFile(settings.jobSealKeyFile);

/** The sealer; its key is read (or the key file created) on first use. */
export function deploymentSealer(settings: SealKeySettings): DeploymentSealer {
  return new DeploymentSealer(() => deploymentKey(settings));
}

/** Loads the key now and checks it against the one the database was set up with (serve and worker call this at start). */
export async function checkSealer(sealer: DeploymentSealer, settings: SealKeySettings, db: Db): Promise<void> {
  const t = db.withTables<JobTables>() as unknown as Kysely<JobTables>;
  const check = sealer.checkValue();
  await t
    .insertInto('seal_check')
    .values({ id: 'v1', check_value: check })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const stored = await t.selectFrom('seal_check').select('check_value').where('id', '=', 'v1').executeTakeFirst();
  if (stored && stored.check_value !== check) {
    throw new Error(
      `This process's job seal key differs from the one this database was set up with. Every server and worker of a deployment needs the same key: set JOB_SEAL_SECRET to the same value everywhere, or share ${settings.jobSealSecret ? 'it' : settings.jobSealKeyFile}.`,
    );
  }
}
