// The OpenAPI document's words follow the running configuration and the plan list: the rate limit,
// the upload limit and the paid plans' quotas are read, never written out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.js';
import { PLANS } from '../services/plans.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitPerHour: 7, maxUploadBytes: 10 * 1048576 } });
  });
  afterAll(() => t.close());

  it("states the configured rate limit and upload limit, and every paid plan's quota from PLANS", async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(doc.info.description).toContain('Rate limit: 7 requests per rolling hour');
    for (const p of Object.values(PLANS).filter((x) => x.apiAccess)) {
      expect(doc.info.description).toContain(`${p.id} ${p.monthlyConversions.toLocaleString('en-US')}`);
    }
    expect(doc.info.description).not.toContain('free 5');
    const convert = doc.paths['/api/v1/convert'].post;
    expect(convert.description).toContain('at most 10 MB');
    expect(convert.requestBody.content['multipart/form-data'].schema.properties.file.description).toContain('at most 10 MB');
    expect(doc.paths['/api/v1/jobs'].post.description).toContain('each at most 10 MB');
    expect(JSON.stringify(doc)).not.toContain('50 MB');
  });
});
