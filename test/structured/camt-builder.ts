// camt.05x documents written for the tests: any message (052/053/054), version, namespace prefix,
// balances and entries, so every variant the reader claims can be checked without copying a file.
export interface CamtEntry {
  amount: string;
  ccy?: string;
  ind: 'CRDT' | 'DBIT';
  date: string;
  status?: string;
  name?: string;
  ustrd?: string[];
  e2e?: string;
  addtl?: string;
  v8?: boolean;
}
export interface CamtStmt {
  iban?: string;
  other?: string;
  ccy?: string;
  owner?: string;
  tp?: string;
  balances?: { code: string; amount: string; ind: 'CRDT' | 'DBIT'; date: string }[];
  entries: CamtEntry[];
  from?: string;
  to?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function camt(stmts: CamtStmt[], o: { msg?: '052' | '053' | '054'; version?: string; prefix?: string; newlines?: boolean } = {}): string {
  const msg = o.msg ?? '053';
  const p = o.prefix ? `${o.prefix}:` : '';
  const ns = `urn:iso:std:iso:20022:tech:xsd:camt.${msg}.001.${o.version ?? '02'}`;
  const container = msg === '053' ? 'BkToCstmrStmt' : msg === '052' ? 'BkToCstmrAcctRpt' : 'BkToCstmrDbtCdtNtfctn';
  const item = msg === '053' ? 'Stmt' : msg === '052' ? 'Rpt' : 'Ntfctn';
  const t = (name: string, inner: string) => `<${p}${name}>${inner}</${p}${name}>`;
  const body = stmts
    .map((s, i) => {
      const acct = t(
        'Acct',
        t('Id', s.iban ? t('IBAN', s.iban) : t('Othr', t('Id', s.other ?? 'X1'))) +
          (s.tp ? t('Tp', t('Cd', s.tp)) : '') +
          (s.ccy ? t('Ccy', s.ccy) : '') +
          (s.owner ? t('Ownr', t('Nm', esc(s.owner))) : ''),
      );
      const period = s.from ? t('FrToDt', t('FrDtTm', `${s.from}T00:00:00`) + t('ToDtTm', `${s.to}T23:59:59`)) : '';
      const bals = (s.balances ?? [])
        .map((b) =>
          t(
            'Bal',
            t('Tp', t('CdOrPrtry', t('Cd', b.code))) +
              `<${p}Amt Ccy="${s.ccy ?? 'EUR'}">${b.amount}</${p}Amt>` +
              t('CdtDbtInd', b.ind) +
              t('Dt', t('Dt', b.date)),
          ),
        )
        .join('');
      const entries = s.entries
        .map((e) => {
          const party = e.name ? t(e.ind === 'CRDT' ? 'Dbtr' : 'Cdtr', e.v8 ? t('Pty', t('Nm', esc(e.name))) : t('Nm', esc(e.name))) : '';
          const tx = t(
            'TxDtls',
            (e.e2e ? t('Refs', t('EndToEndId', e.e2e)) : '') +
              (party ? t('RltdPties', party) : '') +
              (e.ustrd ? t('RmtInf', e.ustrd.map((u) => t('Ustrd', esc(u))).join('')) : ''),
          );
          const sts = e.status ?? 'BOOK';
          return t(
            'Ntry',
            `<${p}Amt Ccy="${e.ccy ?? s.ccy ?? 'EUR'}">${e.amount}</${p}Amt>` +
              t('CdtDbtInd', e.ind) +
              t('Sts', e.v8 ? t('Cd', sts) : sts) +
              t('BookgDt', t('Dt', e.date)) +
              t('ValDt', t('Dt', e.date)) +
              (e.addtl ? t('AddtlNtryInf', esc(e.addtl)) : '') +
              t('NtryDtls', tx),
          );
        })
        .join(o.newlines === false ? '' : '\n');
      return t(item, t('Id', `S${i + 1}`) + period + acct + bals + entries);
    })
    .join('\n');
  const root = `<${p}Document xmlns${o.prefix ? `:${o.prefix}` : ''}="${ns}">${t(container, t('GrpHdr', t('MsgId', 'M1') + t('CreDtTm', '2025-01-31T18:00:00')) + body)}</${p}Document>`;
  return `<?xml version="1.0" encoding="UTF-8"?>${o.newlines === false ? '' : '\n'}${root}`;
}
