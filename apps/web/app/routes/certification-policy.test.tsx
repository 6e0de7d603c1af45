/*
 * The certification page's Edit and 'Suggest an edit' agree with the shared policy, case by case of the table the
 * server's policy-agreement test also checks (packages/shared/testing/policy-cases.ts).
 */
import type { Certification, PageData, User } from '@certitude/shared';
import { caseName, casesOf, OWNER, viewerFor } from '@certitude/shared/testing';
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCert, member, resetCatalogueTestState, signIn } from '../../test/catalogue';
import { mockApi } from '../../test/msw';
import { AuthModalProvider } from '../lib/auth-modal-context';
import CertificationPage, { loader } from './certification';

afterEach(resetCatalogueTestState);

/** The page as the server renders it for a visitor (a public certification only), then the viewer's browser. */
function open(cert: Certification) {
  const data = {
    getCertification: async () => (cert.status === 'APPROVED' ? cert : null),
    listResources: async () => [],
    ratings: async () => null,
    discussionFirstPage: async () => null,
    nextSteps: async () => [],
  } as unknown as PageData;
  const Stub = createRoutesStub([
    {
      path: '/certification/:id',
      Component: CertificationPage as never,
      HydrateFallback: () => null,
      loader: (args) => loader({ ...args, context: { data, publicUrl: 'https://certitude.test', nonce: '' } } as never),
    },
  ]);
  render(
    <AuthModalProvider>
      <Stub initialEntries={['/certification/cert-3']} />
    </AuthModalProvider>,
  );
}

describe('the certification page agrees with the shared policy', () => {
  // The mock API answers the certification to every member, even one the server would not show it to: what is
  // checked is the page's own decision.
  it.each(casesOf('certification:edit', 'certification:suggest').map((c) => [caseName(c), c] as const))(
    '%s',
    async (_name, c) => {
      const viewer = viewerFor(c.who);
      if (viewer) signIn({ ...member, ...viewer } as User);
      const cert = makeCert(3, { status: c.status, submittedById: OWNER });
      mockApi({
        'GET /api/certification/cert-3': [200, cert],
        'GET /api/certification/cert-3/revisions': [200, []],
        'GET /api/certification/3/watch': [200, { watching: false }],
      });
      open(cert);
      await screen.findByRole('heading', { level: 1, name: viewer ? 'Certification 3' : /Certification/ });
      const name = c.action === 'certification:edit' ? 'Edit' : 'Suggest an edit';
      expect(screen.queryByRole('button', { name }) !== null).toBe(c.allowed);
    },
  );
});
