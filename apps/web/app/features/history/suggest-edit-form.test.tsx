import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCert, makeRevision, resetCatalogueTestState } from '../../../test/catalogue';
import { mockApi } from '../../../test/msw';
import SuggestEditForm from './suggest-edit-form';

afterEach(resetCatalogueTestState);

const cert = makeCert(3, {
  exam: {
    costUsd: 300,
    durationMinutes: 90,
    questionCount: null,
    questionCountMax: null,
    passingScore: null,
    formats: [],
    delivery: [],
  },
  domains: ['security'],
  revision: 4,
});

describe('suggest an edit', () => {
  it('sends only the fields that changed, with the revision the form was opened at', async () => {
    const calls = mockApi({
      'POST /api/certification/3/revisions': { status: 201, body: makeRevision(9) },
    });
    let saved: unknown = null;
    render(<SuggestEditForm cert={cert} onClose={() => undefined} onSaved={(r) => (saved = r)} />);
    fireEvent.change(screen.getByLabelText('Length (minutes)'), { target: { value: '120' } });
    fireEvent.click(screen.getByLabelText('Cloud'));
    fireEvent.change(screen.getByLabelText('Summary of your change'), { target: { value: 'From the exam guide' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my suggestion' }));
    await waitFor(() => expect(saved).not.toBeNull());
    const body = calls.at(-1)!.body as { changes: Record<string, unknown>; baseRevision: number; summary: string };
    expect(Object.keys(body.changes).sort()).toEqual(['domains', 'exam']);
    expect(body.changes.exam).toMatchObject({ costUsd: 300, durationMinutes: 120 });
    expect(body.changes.domains).toEqual(['security', 'cloud']);
    expect(body).toMatchObject({ baseRevision: 4, summary: 'From the exam guide' });
    expect(saved).toMatchObject({ id: 9 });
  });

  it('says so when nothing changed, and shows the server’s message next to the field it names', async () => {
    mockApi({
      'POST /api/certification/3/revisions': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'validityMonths: The validity must be at most 240 months',
        },
      },
    });
    render(<SuggestEditForm cert={cert} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Summary of your change'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my suggestion' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That changes nothing');
    fireEvent.change(screen.getByLabelText('Valid for (months)'), { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my suggestion' }));
    expect(await screen.findByText('The validity must be at most 240 months')).toBeTruthy();
  });
});

describe('choosing prerequisites and the successor', () => {
  const catalogue = [
    cert,
    makeCert(4, { name: 'Cloud Security Basics', vendor: 'Acme', certCode: 'CSB-1', slug: 'cloud-security-basics' }),
    makeCert(5, { name: 'Network Fundamentals', vendor: 'Acme', certCode: 'NF-1', slug: 'network-fundamentals' }),
    makeCert(6, { name: 'Cloud Security Expert', vendor: 'Acme', certCode: 'CSE-2', slug: 'cloud-security-expert' }),
  ];

  it('finds a certification by name from the keyboard and sends its slug; never the one edited', async () => {
    const calls = mockApi({
      'GET /api/certification': { status: 200, body: catalogue },
      'POST /api/certification/3/revisions': { status: 201, body: makeRevision(9) },
    });
    let saved: unknown = null;
    render(<SuggestEditForm cert={cert} onClose={() => undefined} onSaved={(r) => (saved = r)} />);
    const prerequisite = screen.getByRole('combobox', { name: 'Add a prerequisite' });
    fireEvent.focus(prerequisite);
    await waitFor(() => expect(screen.getByText('Loading the certifications...')).toBeTruthy());
    await waitFor(() => expect(screen.queryByText('Loading the certifications...')).toBeNull());
    fireEvent.change(prerequisite, { target: { value: 'certification 3' } });
    expect(screen.getByText('No certification matches')).toBeTruthy();
    fireEvent.change(prerequisite, { target: { value: 'cloud security' } });
    expect(prerequisite.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(prerequisite, { key: 'ArrowDown' });
    const active = prerequisite.getAttribute('aria-activedescendant')!;
    const chosenName = document.getElementById(active)!.textContent!.replace(/ \(.*$/, '');
    fireEvent.keyDown(prerequisite, { key: 'Enter' });
    expect(screen.getByRole('list', { name: 'Chosen prerequisites' }).textContent).toContain(chosenName);
    expect((prerequisite as HTMLInputElement).value).toBe('');

    const successor = screen.getByRole('combobox', { name: 'Successor' });
    fireEvent.focus(successor);
    fireEvent.change(successor, { target: { value: 'network fund' } });
    fireEvent.keyDown(successor, { key: 'Enter' });
    expect(screen.getByTestId('successor').textContent).toBe('Network Fundamentals');

    fireEvent.change(screen.getByLabelText('Summary of your change'), { target: { value: 'From the exam guide' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my suggestion' }));
    await waitFor(() => expect(saved).not.toBeNull());
    const body = calls.at(-1)!.body as { changes: Record<string, unknown> };
    const slug = catalogue.find((c) => c.name === chosenName)!.slug;
    expect(body.changes).toEqual({
      prerequisites: [{ certification: slug, kind: 'RECOMMENDED' }],
      supersededBy: 'network-fundamentals',
    });
  });
});
