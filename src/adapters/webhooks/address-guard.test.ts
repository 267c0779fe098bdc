import { describe, expect, it } from 'vitest';
import { addressAllowed, isPublicAddress } from './address-guard.js';

describe('webhook address guard', () => {
  it('refuses loopback, private, link-local, unique-local, mapped and other special addresses', () => {
    const refused = [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.10',
      '198.18.0.1',
      '::1',
      '::',
      '[::1]',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '2001:db8::1',
      'fec0::1',
      '::127.0.0.1',
      'localhost',
      'not an address',
      '',
    ];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
  });

  it('accepts public unicast addresses', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4009:80b::200e'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('allows loopback only under the operator setting, and never private ranges', () => {
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::1', true)).toBe(true);
    expect(addressAllowed('10.0.0.1', true)).toBe(false);
    expect(addressAllowed('::ffff:127.0.0.1', true)).toBe(false);
  });
});
