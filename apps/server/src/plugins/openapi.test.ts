import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { OPERATIONS } from './openapi-document.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

async function operations(): Promise<[string, Operation][]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  return Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
  );
}

describe('the OpenAPI document', () => {
  it('names every operation, each once, as listed in openapi-document.ts', async () => {
    const ops = await operations();
    expect(ops.map(([key]) => key).sort()).toEqual(Object.keys(OPERATIONS).sort());
    const ids = ops.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [key, op] of ops) expect(op.operationId, key).toBe(OPERATIONS[key]!.operationId);
  });

  it('declares bearerAuth where a token is needed or used, and no security on public operations', async () => {
    const ops = new Map(await operations());
    expect(ops.get('POST /api/certification/{id}/comments')!.security).toEqual([{ bearerAuth: [] }]);
    expect(ops.get('GET /api/admin/pending')!.security).toEqual([{ bearerAuth: [] }]);
    expect(ops.get('GET /api/vote/{type}/{id}/status')!.security).toEqual([{}, { bearerAuth: [] }]);
    expect(ops.get('GET /healthz')!.security).toEqual([]);
    expect(ops.get('POST /auth/login')!.security).toEqual([]);
    // Whatever needs a signed-in member answers 401 without one: the document says so.
    for (const [key, op] of ops) {
      const needsToken = OPERATIONS[key]!.auth === 'required';
      expect(
        op.security!.some((s) => 'bearerAuth' in s),
        key,
      ).toBe(OPERATIONS[key]!.auth !== 'none');
      if (needsToken) expect(op.responses['401'], key).toBeDefined();
    }
  });

  it('describes every error answer with the shared error shape', async () => {
    for (const [key, op] of await operations()) {
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!/^4/.test(status)) continue;
        expect(answer.description, `${key} ${status}`).not.toBe('Default Response');
        expect(answer.content?.['application/json']?.schema, `${key} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('4')),
        key,
      ).toBe(true);
    }
  });

  it('has one path for the article calls, with one parameter name', async () => {
    const keys = (await operations()).map(([key]) => key).filter((k) => k.includes('/api/articles/'));
    expect(keys.sort()).toEqual([
      'DELETE /api/articles/{article}',
      'GET /api/articles/{article}',
      'PUT /api/articles/{article}',
    ]);
  });
});
