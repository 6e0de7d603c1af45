import { PATHS_TEXT } from '@certitude/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCatalogueTestState, signIn } from '../../../test/catalogue';
import { afterRequestsSent, mockApi } from '../../../test/msw';
import { trackerEntry } from '../../../test/members';
import { smallMap } from '../../../test/paths';
import { useHeldCertifications } from './held-certifications';
import { PathList } from './path-list';
import { PathMapSvg } from './path-map-svg';
import type { PathLayout } from './path-layout';

afterEach(resetCatalogueTestState);

const layout: PathLayout = {
  width: 1800,
  height: 400,
  columns: [],
  nodes: smallMap.nodes.map((n, i) => ({ id: n.certification.id, x: 28 + i * 300, y: 60 })),
  edges: smallMap.edges.map((e) => ({ ...e, d: 'M0 0 L10 10' })),
};

/** The list and the map, with the member's held certifications as the page marks them. */
function Page() {
  const held = useHeldCertifications();
  return (
    <>
      <PathMapSvg map={smallMap} layout={layout} held={held} />
      <PathList map={smallMap} held={held} />
    </>
  );
}

const open = () =>
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );

const item = (id: number) => screen.getByTestId('path-list').querySelector<HTMLElement>(`li[data-id="${id}"]`)!;

describe('the list of a domain map', () => {
  it('lists the levels in order, "Level not set" last, each certification linking to its page', () => {
    mockApi({});
    open();
    const levels = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(levels).toEqual([
      'Foundational (1)',
      'Associate (1)',
      'Professional (1)',
      'Expert (1)',
      'Specialty (1)',
      `${PATHS_TEXT.levelNotSet} (1)`,
    ]);
    const associate = screen.getByRole('list', { name: 'Associate (1)' });
    const link = within(associate).getByRole('link', { name: 'Certification 2' });
    expect(link.getAttribute('href')).toBe('/certification/cert-2');
    expect(associate.textContent).toContain('C-2 · AWS');
  });

  it('says what each certification builds on and leads to, with the kind of each step', () => {
    mockApi({});
    open();
    expect(item(2).textContent).toContain('Builds on: Certification 1 (required)');
    expect(item(2).textContent).toContain(
      'Leads to: Certification 3 (recommended); Certification 4 (7 members took it next)',
    );
    expect(item(4).textContent).toContain('Builds on: Certification 2 (7 members took it before)');
    expect(within(item(1)).getByRole('link', { name: 'Certification 2' }).getAttribute('href')).toBe(
      '/certification/cert-2',
    );
    // Nothing before the first, nothing after the last.
    expect(item(1).textContent).not.toContain(PATHS_TEXT.buildsOn);
    expect(item(6).textContent).not.toContain(PATHS_TEXT.leadsTo);
  });
});

describe('a member’s held certifications', () => {
  it('are asked for after the page is shown and marked on the map and in the list, HELD ones only', async () => {
    signIn();
    const calls = mockApi({
      'GET /api/user/certifications': {
        status: 200,
        body: [trackerEntry(2), trackerEntry(3, { status: 'STUDYING' }), trackerEntry(4, { status: 'PLANNED' })],
      },
    });
    const { container } = open();
    await waitFor(() => expect(container.querySelector('.path-node-held')).not.toBeNull());
    expect([...container.querySelectorAll('.path-node-held')].map((n) => n.getAttribute('data-id'))).toEqual(['2']);
    expect(within(item(2)).getByText(PATHS_TEXT.youHoldThis)).toBeTruthy();
    expect(item(3).textContent).not.toContain(PATHS_TEXT.youHoldThis);
    expect(screen.getAllByText(PATHS_TEXT.youHoldThis)).toHaveLength(1);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/user/certifications']);
  });

  it('are not asked for for a visitor, who sees nothing marked', async () => {
    const calls = mockApi({});
    const { container } = open();
    await afterRequestsSent();
    expect(calls).toEqual([]);
    expect(container.querySelector('.path-node-held')).toBeNull();
    expect(screen.queryByText(PATHS_TEXT.youHoldThis)).toBeNull();
  });

  it('mark nothing when the request fails', async () => {
    signIn();
    const calls = mockApi({ 'GET /api/user/certifications': { status: 500, body: { message: 'boom' } } });
    const { container } = open();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await afterRequestsSent();
    expect(container.querySelector('.path-node-held')).toBeNull();
  });
});
