import { cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCert } from '../../../test/catalogue';
import { Grid } from './catalogue-grid';
import { listed } from './listed-certification';

afterEach(cleanup);

const certifications = Array.from({ length: 20 }, (_, i) => listed(makeCert(i + 1)));

function cellsOf(count: number) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <Grid certifications={certifications} count={count} user={null} shownAtFirst={null} listRef={createRef()} />
      ),
    },
  ]);
  const { container } = render(<Stub initialEntries={['/']} />);
  return [...container.querySelectorAll('#results > li')].map((li) => li.classList.contains('results-end'));
}

describe('the card grid', () => {
  it('marks the last nine cells of the whole list, which are always drawn, once they are in', () => {
    expect(cellsOf(20)).toEqual([...Array<boolean>(11).fill(false), ...Array<boolean>(9).fill(true)]);
  });

  it('marks none of the cells while the grid is still growing towards the end', () => {
    expect(cellsOf(11)).toEqual(Array<boolean>(11).fill(false));
  });
});
