// Log format: readable in a terminal, JSON for collectors, or as LOG_FORMAT says.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { prettyLogStream } from './adapters/pretty-log.js';
import { loadConfig } from './config.js';

describe('log format', () => {
  it('is pretty on a terminal, JSON otherwise, and LOG_FORMAT decides when set', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' }, false)).toThrow(/LOG_FORMAT must be pretty or json/);
  });

  it('writes one readable line per entry, keeping redaction', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const stream = prettyLogStream(sink);
    const log = pino({ redact: ['key'] }, stream);
    log.info({ key: 'll_live_secret', ms: 12 }, 'request completed');
    const text = lines.join('');
    expect(text).toMatch(/INFO.*request completed/);
    expect(text).not.toContain('ll_live_secret');
    expect(text).not.toMatch(/^\{/);
    log.info({ res: { statusCode: 200 }, responseTime: 12.4, reqId: 'req_1' }, 'request completed');
    expect(lines.join('')).toMatch(/request completed: 200 in 12 ms.*req_1/);
  });
});
