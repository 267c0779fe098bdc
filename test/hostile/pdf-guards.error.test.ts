// Issue 15, findings 2 and 7: decompression bombs that slipped past the first guard (a content stream
// flagged /Subtype /Image, hex-escaped filter names, filter chains) and active content it missed
// (hex-escaped action names, actions inside compressed object streams, page-level /AA, /GoToR,
// /SubmitForm). Each is refused 400 security_check_failed before any PDF library reads the file, costs
// no quota, and the server answers /healthz while it is being refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload } from '../helpers/multipart.js';
import { createHostileApp, duringAttack, expectRefused, type HostileApp } from './hostile-app.js';
import * as craft from './pdf-craft.js';

describe('decompression bombs the first guard missed', () => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await createHostileApp();
  });
  afterAll(() => t.close());

  const usedQuota = async () => (await t.ctx.quota.status({ id: (await t.ctx.apiKeys.authenticate(t.key)).account_id, plan: 'business' }, 'api')).used;

  it("the issue's file: 2 MB, a content stream flagged /Subtype /Image that inflates to 2 GB", async () => {
    const bomb = craft.imageFlaggedBombPdf({ inflatedMb: 2048 });
    expect(bomb.length).toBeLessThan(2.5 * 1024 * 1024);
    const before = await usedQuota();
    const { value: res, answeredDuring } = await duringAttack(t.app, () =>
      Promise.all([t.post(fileUpload(bomb, 'bomb1.pdf')), t.post(fileUpload(bomb, 'bomb2.pdf'))]),
    );
    expect(answeredDuring).toBeGreaterThan(0);
    for (const r of res) expect(r.json().detail, r.body).toMatch(/decompression bomb/);
    await expectRefused(t, res[1], 400, 'security_check_failed');
    // expectRefused converted one normal statement afterwards; the bombs cost nothing.
    expect(await usedQuota()).toBe(before + 1);
  });

  it('a hex-escaped filter name (/F#6cateDecode) is the same filter', async () => {
    const res = await t.post(fileUpload(craft.imageFlaggedBombPdf({ inflatedMb: 512, filter: '/F#6cateDecode', subtype: '' }), 'escaped.pdf'));
    expect((await expectRefused(t, res, 400, 'security_check_failed')).detail).toMatch(/decompression bomb/);
  });

  it('an abbreviated name in an array (/Filter [/Fl]) and an escaped /Subtype are read too', async () => {
    const res = await t.post(fileUpload(craft.imageFlaggedBombPdf({ inflatedMb: 512, filter: '[/Fl]', subtype: '/Subtype /Im#61ge' }), 'abbrev.pdf'));
    expect((await expectRefused(t, res, 400, 'security_check_failed')).detail).toMatch(/decompression bomb/);
  });

  it('a stream deflated twice ([/FlateDecode /Fl]) is followed through both layers', async () => {
    const res = await t.post(fileUpload(craft.doubleFlateBombPdf(512), 'double.pdf'));
    expect((await expectRefused(t, res, 400, 'security_check_failed')).detail).toMatch(/decompression bomb/);
  });
});

describe('active content the first scan missed', () => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await createHostileApp();
  });
  afterAll(() => t.close());

  const cases: [string, () => Uint8Array, RegExp][] = [
    ['/OpenAction << /S /L#61unch >> (hex-escaped name)', craft.escapedLaunchPdf, /launch/],
    ['a launch action inside a compressed object stream', craft.launchInObjectStreamPdf, /launch/],
    ['a page-level /AA with /J#61vaScript', craft.pageAaJavascriptPdf, /JavaScript/],
    ['a /GoToR action', craft.goToRPdf, /another document/],
    ['a /SubmitForm action', craft.submitFormPdf, /sends or loads data/],
  ];
  for (const [name, build, detail] of cases) {
    it(`${name} is 400 security_check_failed`, async () => {
      const res = await t.post(fileUpload(build(), 'active.pdf'));
      expect((await expectRefused(t, res, 400, 'security_check_failed')).detail).toMatch(detail);
    });
  }

  it('the object-stream file is a PDF a reader opens (the action is really there)', async () => {
    const { openPdf } = await import('../../src/engine/pdf/pdfium-document.js');
    const { extractTokens } = await import('../../src/engine/pdf/pdfium-text.js');
    const doc = await openPdf(craft.launchInObjectStreamPdf(), undefined);
    try {
      expect(doc.numPages).toBe(1);
      expect(
        extractTokens(doc)
          .tokens.map((w) => w.text)
          .join(' '),
      ).toContain('Hello');
    } finally {
      await doc.destroy();
    }
  });
});
