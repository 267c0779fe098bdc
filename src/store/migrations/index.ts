// Every migration, in order. A new migration is a new file plus one line here.
import type { Migration } from 'kysely';
import * as m0001 from './0001-init.js';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-init': m0001,
};
