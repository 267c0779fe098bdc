// QuickBooks Web Connect (.qbo): OFX 1.0.2 SGML, the only OFX every QuickBooks and Quicken edition
// reads (Intuit FI implementation notes), with <INTU.BID> after <FI> in SONRS.
// INTU.BID tells QuickBooks which enrolled bank the file comes from. The user sets it with `qbo_bid`
// (their real bank's id). Without it we write QBO_PLACEHOLDER_BID, which is not borrowed from any bank
// we know of: QuickBooks Online is reported to accept it, QuickBooks Desktop will refuse the file
// ("unsupported financial institution", OL-222) until a real BID is given. We never default to another
// bank's id (such as Wells Fargo's 3000), which would make the account show under that bank's name.
import { encodeCp1252, toCp1252Text } from './cp1252.js';
import { ofxCheck, ofxDocument } from './ofx-common.js';
import { defineWriter } from './writer-kit.js';

export const QBO_PLACEHOLDER_BID = '99999';

const HEADER = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  'VERSION:102',
  'SECURITY:NONE',
  'ENCODING:USASCII',
  'CHARSET:1252',
  'COMPRESSION:NONE',
  'OLDFILEUID:NONE',
  'NEWFILEUID:NONE',
  '',
  '',
].join('\r\n');

export const qboWriter = defineWriter({
  format: 'qbo',
  label: 'QBO (Web Connect)',
  payee: true,
  oneAccount: true,
  contentType: 'application/vnd.intu.qbo',
  fileName: (stem) => `${stem}.qbo`,
  check: (result) => ofxCheck(result, 'qbo'),
  body: (ctx) => {
    const bid = ctx.options.qbo_bid ?? QBO_PLACEHOLDER_BID;
    // Real Web Connect files carry the BID as FID too; ORG names the bank for the user.
    const fi = { org: ctx.options.ofx_org || ctx.result.bank.toUpperCase(), fid: ctx.options.ofx_fid || bid };
    return ofxDocument(ctx, { dialect: 'sgml', header: HEADER, encode: encodeCp1252, text: toCp1252Text, fi, intuBid: bid });
  },
});
