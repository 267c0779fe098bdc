// Sealing of the only statement data the service keeps.
//
// Results: each job has a result key (32 random bytes, returned once as `result_key`, never stored;
// the database keeps its SHA-256). An X25519 key pair is derived from it; only the public half is
// stored. A worker seals a result to that public key (ephemeral X25519 + HKDF-SHA256 + AES-256-GCM),
// so neither a worker nor a copy of the database or Redis can open a result: only a request that
// presents the result key can.
//
// Inputs (the uploaded files, held until their file is converted) and other secrets the service must
// read back by itself (a PDF password, webhook signing secrets) are sealed with AES-256-GCM under keys
// derived from the deployment's seal key (JOB_SEAL_SECRET / JOB_SEAL_KEY_FILE), which is kept out of
// the database and Redis.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '../../errors.js';

const RESULT_KEY_PREFIX = 'ljk_';
const VERSION = 1;
/** Sealed in pieces (sealPieces): the tag comes last. */
const PIECES_VERSION = 2;
/** Bytes sealed or opened per turn of the event loop (about a millisecond of AES-GCM). */
export const SEAL_PIECE_BYTES = 1024 * 1024;
// PKCS#8 DER prefix of a raw 32-byte X25519 private key (RFC 8410).
const X25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');

export interface JobKeys {
  /** Given to the client once. */
  resultKey: string;
  keyHash: string;
  /** base64url raw X25519 public key. */
  publicKey: string;
}

export function sha256Hex(s: string | Uint8Array): string {
  return createHash('sha256').update(s).digest('hex');
}

function rawPublic(pub: KeyObject): Buffer {
  const der = pub.export({ format: 'der', type: 'spki' });
  return Buffer.from(der.subarray(der.length - 32));
}

function jobPrivateKey(resultKey: string, jobId: string): KeyObject {
  const secret = Buffer.from(resultKey.slice(RESULT_KEY_PREFIX.length), 'base64url');
  const d = Buffer.from(hkdfSync('sha256', secret, Buffer.from('ledgerline-job-key'), Buffer.from(jobId), 32));
  return createPrivateKey({ key: Buffer.concat([X25519_PKCS8_PREFIX, d]), format: 'der', type: 'pkcs8' });
}

export function newJobKeys(jobId: string): JobKeys {
  const resultKey = RESULT_KEY_PREFIX + b64u(randomBytes(32));
  const pub = createPublicKey(jobPrivateKey(resultKey, jobId));
  return { resultKey, keyHash: sha256Hex(resultKey), publicKey: b64u(rawPublic(pub)) };
}

/** Constant-time check of a presented result key against the stored hash. */
export function resultKeyMatches(presented: string | undefined, keyHash: string): boolean {
  if (!presented || !presented.startsWith(RESULT_KEY_PREFIX) || presented.length > 200) return false;
  const a = Buffer.from(sha256Hex(presented), 'hex');
  const b = Buffer.from(keyHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function publicKeyFromRaw(raw: Buffer): KeyObject {
  // SPKI DER prefix of a raw X25519 public key.
  return createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b656e032100', 'hex'), raw]), format: 'der', type: 'spki' });
}

function gcmSeal(key: Buffer, plain: Uint8Array, aad: Buffer): Buffer {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(aad);
  const body = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]);
}

function gcmOpen(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  const iv = sealed.subarray(0, 12);
  const tag = sealed.subarray(12, 28);
  const d = createDecipheriv('aes-256-gcm', key, iv);
  d.setAAD(aad);
  d.setAuthTag(tag);
  return Buffer.concat([d.update(sealed.subarray(28)), d.final()]);
}

/** Calls `f` with the part of each piece that lies in [from, to) of the pieces joined, and where it starts. */
function forRange(pieces: Uint8Array[], from: number, to: number, f: (b: Buffer, at: number) => void): void {
  let start = 0;
  for (const p of pieces) {
    const a = Math.max(from, start);
    const z = Math.min(to, start + p.length);
    if (a < z) f(Buffer.from(p.buffer, p.byteOffset + a - start, z - a), a);
    start += p.length;
  }
}

/** Seals bytes to a job's public key. `context` (job and file id) is bound in, so blobs cannot be swapped. */
export function sealToJob(publicKey: string, plain: Uint8Array, context: string): Buffer {
  const jobPub = Buffer.from(publicKey, 'base64url');
  const eph = generateKeyPairSync('x25519');
  const ephRaw = rawPublic(eph.publicKey);
  const shared = diffieHellman({ privateKey: eph.privateKey, publicKey: publicKeyFromRaw(jobPub) });
  const key = Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephRaw, jobPub]), Buffer.from(`ledgerline-result|${context}`), 32));
  return Buffer.concat([Buffer.from([VERSION]), ephRaw, gcmSeal(key, plain, Buffer.from(context))]);
}

/** Opens a blob sealed to the job; a wrong key or a tampered blob is an error. */
export function openWithResultKey(resultKey: string, jobId: string, sealed: Uint8Array, context: string): Buffer {
  const buf = Buffer.from(sealed);
  if (buf[0] !== VERSION) throw new AppError('internal_error', 'Unknown sealed-result version.');
  const ephRaw = buf.subarray(1, 33);
  const priv = jobPrivateKey(resultKey, jobId);
  const shared = diffieHellman({ privateKey: priv, publicKey: publicKeyFromRaw(ephRaw) });
  const jobPub = rawPublic(createPublicKey(priv));
  const key = Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephRaw, jobPub]), Buffer.from(`ledgerline-result|${context}`), 32));
  return gcmOpen(key, buf.subarray(33), Buffer.from(context));
}

/** Seals with the deployment's seal key (inputs, PDF passwords, webhook secrets). */
export class DeploymentSealer {
  private loaded: Buffer | null = null;

  /** `secret` may be given later, as a function called on first use (reading a key file). */
  constructor(private readonly secret: Buffer | (() => Buffer)) {}

  private get key(): Buffer {
    if (!this.loaded) {
      const k = typeof this.secret === 'function' ? this.secret() : this.secret;
      if (k.length < 32) throw new Error('The seal key must be at least 32 bytes.');
      this.loaded = k;
    }
    return this.loaded;
  }

  private keyFor(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.from('ledgerline-deployment-seal'), Buffer.from(purpose), 32));
  }

  seal(plain: Uint8Array, context: string): Buffer {
    return Buffer.concat([Buffer.from([VERSION]), gcmSeal(this.keyFor(context), plain, Buffer.from(context))]);
  }

  open(sealed: Uint8Array, context: string): Buffer {
    const buf = Buffer.from(sealed);
    if (buf[0] !== VERSION) throw new Error('Unknown sealed-data version.');
    return gcmOpen(this.keyFor(context), buf.subarray(1), Buffer.from(context));
  }

  /**
   * Seals like seal(), a piece of at most SEAL_PIECE_BYTES per turn of the event loop, so sealing a
   * 50 MB input never holds the loop more than a millisecond or two. The pieces, joined, are
   * [2, iv(12), body, tag(16)]: the tag comes last because it is known last. A short input is one piece.
   */
  async *sealPieces(plain: Uint8Array, context: string): AsyncGenerator<Buffer> {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.keyFor(context), iv);
    c.setAAD(Buffer.from(context));
    for (let at = 0; ; at += SEAL_PIECE_BYTES) {
      if (at > 0) await nextTurn();
      const parts = [c.update(plain.subarray(at, at + SEAL_PIECE_BYTES))];
      if (at === 0) parts.unshift(Buffer.from([PIECES_VERSION]), iv);
      const last = at + SEAL_PIECE_BYTES >= plain.length;
      if (last) parts.push(c.final(), c.getAuthTag());
      yield Buffer.concat(parts);
      if (last) return;
    }
  }

  /** Opens what seal() or sealPieces() made, given as the pieces it was stored in (split anywhere); a megabyte per turn. */
  async openPieces(pieces: Uint8Array[], context: string): Promise<Buffer> {
    if (!pieces.length || !pieces[0].length) throw new Error('Nothing to open.');
    if (pieces[0][0] === VERSION) return this.open(Buffer.concat(pieces), context);
    if (pieces[0][0] !== PIECES_VERSION) throw new Error('Unknown sealed-data version.');
    const total = pieces.reduce((n, p) => n + p.length, 0);
    if (total < 29) throw new Error('Sealed data cut short.');
    const bytesAt = (from: number, to: number) => {
      const out = Buffer.alloc(to - from);
      forRange(pieces, from, to, (b, at) => b.copy(out, at - from));
      return out;
    };
    const d = createDecipheriv('aes-256-gcm', this.keyFor(context), bytesAt(1, 13));
    d.setAAD(Buffer.from(context));
    d.setAuthTag(bytesAt(total - 16, total));
    const out = Buffer.allocUnsafe(total - 29);
    let written = 0;
    const steps: Buffer[] = [];
    forRange(pieces, 13, total - 16, (b) => {
      for (let i = 0; i < b.length; i += SEAL_PIECE_BYTES) steps.push(b.subarray(i, i + SEAL_PIECE_BYTES));
    });
    for (const step of steps) {
      await nextTurn();
      written += d.update(step).copy(out, written);
    }
    written += d.final().copy(out, written);
    return out.subarray(0, written);
  }

  sealText(text: string, context: string): string {
    return this.seal(Buffer.from(text, 'utf8'), context).toString('base64url');
  }

  openText(sealed: string, context: string): string {
    return this.open(Buffer.from(sealed, 'base64url'), context).toString('utf8');
  }

  /** A value that says which key this is without revealing it (stored to catch processes started with another key). */
  checkValue(): string {
    return this.keyFor('check').toString('hex');
  }
}
