// OFX 2.1.1: well-formed XML in UTF-8 (the encoding OFX 2 defines), every element closed. The FI
// aggregate is optional in OFX and written only when `ofx_org` or `ofx_fid` is given.
import { encodeUtf8 } from './byte-chunks.js';
import { ofxCheck, ofxDocument } from './ofx-common.js';
import { defineWriter } from './writer-kit.js';

const HEADER =
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\r\n' +
  '<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\r\n';

export const ofxWriter = defineWriter({
  format: 'ofx',
  label: 'OFX',
  payee: true,
  oneAccount: true,
  contentType: 'application/x-ofx',
  fileName: (stem) => `${stem}.ofx`,
  check: (result) => ofxCheck(result, 'ofx'),
  body: (ctx) => {
    const { ofx_org: org, ofx_fid: fid } = ctx.options;
    const fi = org || fid ? { org: org || ctx.result.bank.toUpperCase(), fid } : undefined;
    return ofxDocument(ctx, { dialect: 'xml', header: HEADER, encode: encodeUtf8, fi });
  },
});
