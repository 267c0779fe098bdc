// Webhook signatures as Stripe makes them: `Ledgerline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256
// of "<t>.<body>" under the endpoint's signing secret>`. The timestamp lets a receiver refuse replays.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Ledgerline-Signature';

export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does (and what our tests do): recompute, compare in constant time, check the age. */
export function verifySignature(header: string | undefined, secret: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureHeader(secret, t, body).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
