// Salted account keys (issue 18): HMAC-SHA256 of a statement's normalised account identifiers
// (src/engine/statements/stable-ids.ts) under a key derived from the deployment's seal key. Account
// numbers are short, so a plain hash could be reversed by trying them all; without the deployment key
// the stored keys and the transaction ids built on them say nothing about the number.
import { createHmac } from 'node:crypto';
import { statementIdentities } from '../engine/statements/stable-ids.js';
import type { EngineResult } from '../engine/types.js';

export class AccountKeys {
  private salt: Buffer | null = null;

  /** `deploymentKey` is read on first use (the seal key, see src/adapters/jobs/seal-key.ts). */
  constructor(private readonly deploymentKey: () => Buffer) {}

  private key(): Buffer {
    this.salt ??= createHmac('sha256', this.deploymentKey()).update('ledgerline/account-key/v1').digest();
    return this.salt;
  }

  /** One key per statement of the result (one for a result without statements); null where no account id is printed. */
  keysOf(result: EngineResult): (string | null)[] {
    return statementIdentities(result).map((id) => (id ? createHmac('sha256', this.key()).update(id).digest('hex') : null));
  }
}
