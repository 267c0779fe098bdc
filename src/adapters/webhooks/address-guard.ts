// Which addresses a webhook may be delivered to: public unicast only. Checked on every address a host
// name resolves to, at delivery time (a name that was public at registration may point inward later),
// and the connection is then made to the checked address itself, so a second lookup cannot swap it.
import { BlockList, isIP } from 'node:net';

const V4_NOT_PUBLIC = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const;

const V6_NOT_PUBLIC = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped: refused whatever the IPv4 address
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses, private ones included
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const;

// Separate lists per family: a BlockList's IPv6 rules (::ffff:0:0/96) also match IPv4 addresses.
const notPublicV4 = new BlockList();
for (const [a, p] of V4_NOT_PUBLIC) notPublicV4.addSubnet(a, p, 'ipv4');
const notPublicV6 = new BlockList();
for (const [a, p] of V6_NOT_PUBLIC) notPublicV6.addSubnet(a, p, 'ipv6');

/** Strips IPv6 brackets and a zone id ("fe80::1%eth0"). */
function bare(address: string): string {
  return address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
}

export function isLoopback(address: string): boolean {
  const a = bare(address);
  const v = isIP(a);
  if (v === 4) return a.split('.')[0] === '127';
  return v === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(a);
}

/** True for a public unicast address; false for anything else, including text that is not an address. */
export function isPublicAddress(address: string): boolean {
  const a = bare(address);
  const v = isIP(a);
  if (v === 4) return !notPublicV4.check(a, 'ipv4');
  if (v === 6) {
    // Only global unicast (2000::/3) is public at all.
    const first = parseInt(a.split(':')[0] || '0', 16);
    if (!(first >= 0x2000 && first <= 0x3fff)) return false;
    return !notPublicV6.check(a, 'ipv6');
  }
  return false;
}

/** Whether a delivery may connect to this address; loopback only when the operator allows it (tests). */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  return isPublicAddress(address) || (allowLoopback && isLoopback(address));
}
