// Every writer module is registered under its own format id, and every format id has a writer.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILE_FORMATS, formatNames, writerFor, type FileFormat, type FormatWriter } from './index.js';

describe('writer registry', () => {
  it('registers every *.writer.ts under the format it declares', async () => {
    const files = fs.readdirSync(new URL('./', import.meta.url)).filter((f) => f.endsWith('.writer.ts'));
    const declared: string[] = [];
    for (const f of files) {
      const mod = (await import(`./${f}`)) as Record<string, unknown>;
      const writer = Object.values(mod).find((v): v is FormatWriter => typeof v === 'object' && v !== null && 'format' in v && 'write' in v);
      expect(writer, `${f} exports a writer`).toBeDefined();
      declared.push(writer!.format);
      expect(writerFor(writer!.format as FileFormat).format).toBe(writer!.format);
    }
    expect(declared.sort()).toEqual([...FILE_FORMATS].sort());
    expect(formatNames()).toEqual(['json', ...FILE_FORMATS]);
  });
});
