import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

it('GET /readyz answers 503 with a message when the database does not answer', async () => {
  await t.db.destroy();
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ status: 'unavailable', message: expect.stringMatching(/unavailable/) });
});
