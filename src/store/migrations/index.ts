// Every migration, in order. A new migration is a new file plus one line here.
import type { Migration } from 'kysely';
import * as m0001 from './0001-init.js';
import * as m0002 from './0002-classify-rules.js';
import * as m0003 from './0003-web-sessions.js';
import * as m0004 from './0004-quota-reservations.js';
import * as m0006 from './0006-jobs.js';
import * as m0007 from './0007-payee-rules.js';
import * as m0008 from './0008-statement-continuity.js';
import * as m0009 from './0009-webhook-endpoint-health.js';
import * as m0010 from './0010-job-blob-parts.js';
import * as m0011 from './0011-job-turns.js';
import * as m0012 from './0012-kept-results.js';
import * as m0013 from './0013-job-currency.js';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-classify-rules': m0002,
  '0003-web-sessions': m0003,
  '0004-quota-reservations': m0004,
  '0006-jobs': m0006,
  '0007-payee-rules': m0007,
  '0008-statement-continuity': m0008,
  '0009-webhook-endpoint-health': m0009,
  '0010-job-blob-parts': m0010,
  '0011-job-turns': m0011,
  '0012-kept-results': m0012,
  '0013-job-currency': m0013,
};
