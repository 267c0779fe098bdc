// Every migration, in order. A new migration is a new file plus one line here.
import type { Migration } from 'kysely';
import * as m0001 from './0001-init.js';
import * as m0002 from './0002-classify-rules.js';
import * as m0003 from './0003-web-sessions.js';
import * as m0004 from './0004-quota-reservations.js';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-classify-rules': m0002,
  '0003-web-sessions': m0003,
  '0004-quota-reservations': m0004,
};
