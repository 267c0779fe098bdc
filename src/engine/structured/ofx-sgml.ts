// A forgiving reader of OFX markup, for 1.x SGML (leaf elements left open) and 2.x XML alike, as
// banks really write it: values on the line after their tag, stray or missing end tags, an end tag
// closing an element that was never opened. An element is an aggregate when the OFX specification
// makes it one (known names and the spec's naming pattern); any other element is a leaf whose value
// runs to the next '<'. Comments, processing instructions and declarations are skipped, DTDs
// included: no entity is ever defined or expanded, only the five predefined ones and character
// references are decoded. Linear in the input; nesting is capped.
import { broken } from './figures.js';

export interface OfxNode {
  name: string;
  /** Leaf value (decoded, trimmed); undefined for aggregates. */
  value?: string;
  children: OfxNode[];
  line: number;
}

const AGGREGATES = new Set([
  'OFX',
  'SONRS',
  'STATUS',
  'FI',
  'STMTRS',
  'CCSTMTRS',
  'STMTTRN',
  'PAYEE',
  'CURRENCY',
  'ORIGCURRENCY',
  'BAL',
  'INVBANKTRAN',
  'STMTENDRS',
  'CLOSING',
  'IMAGEDATA',
  'MFACHALLENGE',
  'EXTBANKDESC',
]);
// The spec's own naming: message sets (…MSGSRSV1), transaction wrappers (…TRNRS), responses (…RS),
// account aggregates (…ACCTFROM, …ACCTTO, …ACCTINFO), lists (…LIST) and balances (LEDGERBAL, AVAILBAL …).
const AGGREGATE_NAME = /(MSGSRSV\d|TRNRS|STMTRS|ENDRS|ACCTFROM|ACCTTO|ACCTINFO|TRANLIST|BALLIST|POSLIST|SECLIST|LEDGERBAL|AVAILBAL|INVBAL)$/;

export const isAggregate = (name: string) => AGGREGATES.has(name) || AGGREGATE_NAME.test(name);

const MAX_DEPTH = 64;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (all, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

/** Parses the markup from the first <OFX> on; returns the OFX root. */
export function parseOfx(text: string): OfxNode {
  const start = text.search(/<OFX[\s>]/i);
  if (start < 0) throw broken('OFX', 'it has no <OFX> element.');
  const root: OfxNode = { name: '#root', children: [], line: 1 };
  const stack: OfxNode[] = [root];
  const lines = new LineCounter(text);
  let line = lines.at(start);
  let i = start;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    line = lines.at(lt);
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      // Character data outside a leaf's value: skipped whole (its text may hold '>').
      const end = text.indexOf(']]>', lt + 9);
      i = end < 0 ? n : end + 3;
      continue;
    }
    const gt = text.indexOf('>', lt + 1);
    if (gt < 0) break;
    const tag = text.slice(lt + 1, gt);
    line = lines.at(gt);
    i = gt + 1;
    if (tag[0] === '?' || tag[0] === '!') continue;
    if (tag[0] === '/') {
      const name = tag.slice(1).trim().toUpperCase();
      // An end tag closes its element and any left open inside it; one with nothing to close is ignored.
      for (let k = stack.length - 1; k > 0; k--) {
        if (stack[k].name === name) {
          stack.length = k;
          break;
        }
      }
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const name = (/^[A-Za-z0-9._:-]+/.exec(tag)?.[0] ?? '').toUpperCase();
    if (!name) continue;
    const parent = stack[stack.length - 1];
    let next = text.indexOf('<', i);
    let raw = text.slice(i, next < 0 ? n : next);
    // A value may be given as character data (<NAME><![CDATA[ALDI STORE]]></NAME>): its text is taken
    // as written, entities and all, and the reader goes on after it.
    let cdata = '';
    const at = line;
    while (next >= 0 && text.startsWith('<![CDATA[', next)) {
      const end = text.indexOf(']]>', next + 9);
      if (end < 0) break;
      cdata += decodeEntities(raw) + text.slice(next + 9, end);
      line = lines.at(end);
      i = end + 3;
      next = text.indexOf('<', i);
      raw = text.slice(i, next < 0 ? n : next);
    }
    const value = cdata ? (cdata + decodeEntities(raw)).trim() : raw.trim();
    if (!cdata && !selfClosing && !value && isAggregate(name)) {
      const node: OfxNode = { name, children: [], line };
      parent.children.push(node);
      stack.push(node);
      if (stack.length > MAX_DEPTH) throw broken('OFX', `its elements are nested more than ${MAX_DEPTH} deep.`);
      continue;
    }
    parent.children.push({ name, value: selfClosing ? '' : cdata ? value : decodeEntities(value), children: [], line: at });
  }
  const ofx = root.children.find((c) => c.name === 'OFX');
  if (!ofx) throw broken('OFX', 'it has no <OFX> element.');
  return ofx;
}

/**
 * The line number of positions asked for in increasing order, each line break looked for once. Counting
 * the breaks between two positions with indexOf searched to the end of the text whenever none was
 * left, so a file without line breaks cost the square of its length (50,000 transactions on one line:
 * 55 s).
 */
class LineCounter {
  private line = 1;
  private next: number;

  constructor(private readonly text: string) {
    this.next = text.indexOf('\n');
  }

  /** The line of `pos` (1-based); `pos` never goes back. */
  at(pos: number): number {
    while (this.next >= 0 && this.next < pos) {
      this.line++;
      this.next = this.text.indexOf('\n', this.next + 1);
    }
    return this.line;
  }
}

/** First child leaf value by name (empty leaves count as absent). */
export const leaf = (node: OfxNode | undefined, name: string): string | undefined => {
  const v = node?.children.find((c) => c.name === name && c.value !== undefined)?.value;
  return v ? v : undefined;
};

export const child = (node: OfxNode | undefined, name: string): OfxNode | undefined => node?.children.find((c) => c.name === name && c.value === undefined);

/** Every descendant aggregate named `name`, in document order, not looking inside a match. */
export function findAll(node: OfxNode, name: string, out: OfxNode[] = []): OfxNode[] {
  for (const c of node.children) {
    if (c.value !== undefined) continue;
    if (c.name === name) out.push(c);
    else findAll(c, name, out);
  }
  return out;
}
