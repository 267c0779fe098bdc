// Time-ordered random ids (ULID layout: 48-bit ms time + 80 random bits, Crockford base32), so that
// "newest first" has a tie-break that agrees with creation order within one process.
import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
interface State {
  lastTime: number;
  lastRandom: Uint8Array;
}
// One monotonic sequence per id prefix: ids of one kind sort in creation order even when several are
// made in the same millisecond, whatever other kinds are made in between.
const states = new Map<string, State>();

// Random bits are drawn from the system's CSPRNG in blocks (bytes) and handed out 10 at a time: one
// draw cost about as much as the rest of making an id, and an API request makes three ids. (Node's
// randomUUID keeps a cache of its random bytes the same way.)
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let poolAt = POOL_BYTES;

function randomPart(): Uint8Array {
  if (poolAt + 10 > POOL_BYTES) {
    randomFillSync(pool);
    poolAt = 0;
  }
  // A copy: the pool's bytes are overwritten at the next refill, and each is handed out once.
  const out = pool.slice(poolAt, poolAt + 10);
  poolAt += 10;
  return out;
}

function encode(bytes: Uint8Array, length: number): string {
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
}

export function ulid(now = Date.now(), sequence = ''): string {
  let st = states.get(sequence);
  if (!st) {
    st = { lastTime: -1, lastRandom: new Uint8Array(10) };
    states.set(sequence, st);
  }
  let rnd: Uint8Array;
  if (now <= st.lastTime) {
    // Monotonic: a clock that stands still (or steps back) increments the previous random part.
    now = st.lastTime;
    rnd = Uint8Array.from(st.lastRandom);
    for (let i = rnd.length - 1; i >= 0; i--) {
      rnd[i] = (rnd[i] + 1) & 0xff;
      if (rnd[i] !== 0) break;
    }
  } else {
    rnd = randomPart();
  }
  st.lastTime = now;
  st.lastRandom = rnd;
  const time = new Uint8Array(6);
  let t = BigInt(now);
  for (let i = 5; i >= 0; i--) {
    time[i] = Number(t & 0xffn);
    t >>= 8n;
  }
  return encode(time, 10) + encode(rnd, 16);
}

export const newId = (prefix: string, now?: number) => `${prefix}_${ulid(now, prefix)}`;
