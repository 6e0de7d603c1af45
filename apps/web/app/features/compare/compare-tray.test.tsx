import { act, cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompareToggle } from '../../components/compare-toggle';
import CompareTray from './compare-tray';
import { clearTray } from '../../lib/compare-tray-store';

const CERTS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name) => ({ slug: name.toLowerCase(), name }));

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          {CERTS.map((c) => (
            <CompareToggle key={c.slug} {...c} />
          ))}
          <CompareTray />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

const toggle = (name: string) => screen.getByRole('button', { name: `Compare ${name}` });

describe('the comparison tray', () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => clearTray());
  });
  afterEach(cleanup);

  it('collects up to four, refuses a fifth with a sentence, and links to the comparison in the order picked', () => {
    renderPage();
    expect(screen.queryByRole('complementary')).toBeNull();
    act(() => toggle('Bravo').click());
    expect(toggle('Bravo').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Pick one more to compare')).toBeTruthy();
    for (const name of ['Alpha', 'Delta', 'Charlie']) act(() => toggle(name).click());
    expect(screen.getByText('Compare (4/4)')).toBeTruthy();
    act(() => toggle('Echo').click());
    expect(screen.getByRole('status').textContent).toBe(
      'A comparison holds at most 4 certifications: remove one first.',
    );
    expect(toggle('Echo').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: 'Compare now' }).getAttribute('href')).toBe(
      '/compare?c=bravo,alpha,delta,charlie',
    );
    act(() => screen.getByRole('button', { name: 'Remove Alpha from the comparison' }).click());
    expect(screen.queryByRole('status')).toBeNull();
    expect(JSON.parse(localStorage.getItem('compareTray')!)).toEqual([
      { slug: 'bravo', name: 'Bravo' },
      { slug: 'delta', name: 'Delta' },
      { slug: 'charlie', name: 'Charlie' },
    ]);
  });

  it('follows another tab, and ignores a damaged stored value', () => {
    renderPage();
    act(() => {
      localStorage.setItem('compareTray', JSON.stringify([{ slug: 'echo', name: 'Echo' }, { slug: 1 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'compareTray' }));
    });
    expect(toggle('Echo').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Compare (1/4)')).toBeTruthy();
    act(() => {
      localStorage.setItem('compareTray', '{not json');
      window.dispatchEvent(new StorageEvent('storage', { key: 'compareTray' }));
    });
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
