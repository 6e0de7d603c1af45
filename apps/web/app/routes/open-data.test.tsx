import { OPEN_DATA_TEXT, type OpenDataIndex, type PageData } from '@certitude/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import OpenDataScreen, { loader } from './open-data';
import { pageRoute } from '../../test/route-stub';

const INDEX: OpenDataIndex = {
  license: 'CC-BY-SA-4.0',
  generatedAt: '2031-05-10T03:00:00.000Z',
  files: [
    {
      name: 'certifications.jsonl.gz',
      url: 'https://certitude.test/data/2031-05-10/certifications.jsonl.gz',
      bytes: 1_234_567,
      sha256: 'a'.repeat(64),
      records: 5000,
    },
    {
      name: 'certifications.csv',
      url: 'https://certitude.test/data/2031-05-10/certifications.csv',
      bytes: 2_345_678,
      sha256: 'b'.repeat(64),
      records: 5000,
    },
  ],
};

afterEach(cleanup);

function open(openDataIndex: () => Promise<OpenDataIndex>) {
  const data = { openDataIndex } as unknown as PageData;
  const Stub = createRoutesStub([pageRoute({ path: '/data', Component: OpenDataScreen, loader, data })]);
  render(<Stub initialEntries={['/data']} />);
}

describe('/data', () => {
  it('lists the newest files with size, records and checksum, the licence, and how to cite the dump', async () => {
    open(async () => INDEX);
    expect(await screen.findByRole('heading', { level: 1, name: OPEN_DATA_TEXT.title })).toBeTruthy();
    const files = screen.getAllByTestId('open-data-file');
    expect(files).toHaveLength(2);
    expect(files[0]!.textContent).toContain('certifications.jsonl.gz (1.2 MB, 5000 certifications)');
    expect(files[0]!.querySelector('a')!.getAttribute('href')).toBe('/data/2031-05-10/certifications.jsonl.gz');
    expect(files[1]!.textContent).toContain(`SHA-256 ${'b'.repeat(64)}`);
    expect(screen.getByRole('link', { name: OPEN_DATA_TEXT.licenceLink }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by-sa/4.0/',
    );
    expect(
      screen.getByText(
        'Certitude community (2031). Certitude certification catalogue, dump of 10 May 2031. https://certitude.test/data. CC BY-SA 4.0.',
      ),
    ).toBeTruthy();
  });

  it('still explains the files and the licence when the index cannot be read', async () => {
    open(async () => {
      throw new Error('database away');
    });
    expect(await screen.findByRole('heading', { level: 2, name: OPEN_DATA_TEXT.licenceTitle })).toBeTruthy();
    expect(screen.queryAllByTestId('open-data-file')).toHaveLength(0);
  });
});
