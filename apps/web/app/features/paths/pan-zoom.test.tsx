import { PATHS_TEXT } from '@certitude/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCatalogueTestState } from '../../../test/catalogue';
import { smallMap } from '../../../test/paths';
import { clampView, HOME_VIEW, MAX_SCALE, MIN_SCALE, PAN_STEP, viewForKey, zoomAt, ZOOM_STEP } from './pan-zoom';
import type { PathLayout } from './path-layout';
import { PathMapView } from './path-map-view';

afterEach(resetCatalogueTestState);

const viewport = { width: 400, height: 300 };

describe('the keys of the map', () => {
  it('arrow keys move the view the way they scroll a page, Shift four times as far', () => {
    expect(viewForKey(HOME_VIEW, 'ArrowRight', false, viewport)).toEqual({ x: -PAN_STEP, y: 0, scale: 1 });
    expect(viewForKey(HOME_VIEW, 'ArrowDown', false, viewport)).toEqual({ x: 0, y: -PAN_STEP, scale: 1 });
    expect(viewForKey(HOME_VIEW, 'ArrowLeft', false, viewport)).toEqual({ x: PAN_STEP, y: 0, scale: 1 });
    expect(viewForKey(HOME_VIEW, 'ArrowUp', true, viewport)).toEqual({ x: 0, y: 4 * PAN_STEP, scale: 1 });
  });

  it('+ and - zoom about the centre, which stays in place; 0 resets; other keys are not the map’s', () => {
    const zoomed = viewForKey(HOME_VIEW, '+', false, viewport)!;
    expect(zoomed.scale).toBe(ZOOM_STEP);
    // The map's point under the centre before (200, 150) is under it after.
    expect((200 - zoomed.x) / zoomed.scale).toBeCloseTo(200);
    expect((150 - zoomed.y) / zoomed.scale).toBeCloseTo(150);
    expect(viewForKey(zoomed, '=', false, viewport)!.scale).toBeCloseTo(ZOOM_STEP * ZOOM_STEP);
    expect(viewForKey(zoomed, '-', false, viewport)!.scale).toBeCloseTo(1);
    expect(viewForKey(zoomed, '0', false, viewport)).toEqual(HOME_VIEW);
    expect(viewForKey(zoomed, 'a', false, viewport)).toBeNull();
    expect(viewForKey(zoomed, 'Tab', false, viewport)).toBeNull();
  });

  it('zooms between the bounds, and keeps part of the map in view however far it is moved', () => {
    expect(zoomAt(HOME_VIEW, 100, 0, 0).scale).toBe(MAX_SCALE);
    expect(zoomAt(HOME_VIEW, 0.001, 0, 0).scale).toBe(MIN_SCALE);
    const content = { width: 1000, height: 800 };
    expect(clampView({ x: -5000, y: 5000, scale: 1 }, content, viewport)).toEqual({
      x: 64 - 1000,
      y: 300 - 64,
      scale: 1,
    });
  });
});

const layout: PathLayout = {
  width: 1600,
  height: 900,
  columns: [{ key: 'FOUNDATIONAL', x: 16, width: 248 }],
  nodes: [{ id: 1, x: 28, y: 60 }],
  edges: [],
};

function open() {
  render(
    <MemoryRouter>
      <PathMapView name="Cloud" map={smallMap} layout={layout} held={new Set()} />
    </MemoryRouter>,
  );
  const map = screen.getByRole('group', { name: PATHS_TEXT.mapLabel('Cloud') });
  // happy-dom lays nothing out: the container is given the size a browser would.
  Object.defineProperty(map, 'clientWidth', { value: 400, configurable: true });
  Object.defineProperty(map, 'clientHeight', { value: 300, configurable: true });
  const svg = screen.getByTestId('path-map-svg') as unknown as SVGSVGElement;
  return { map, svg };
}

describe('the map’s container', () => {
  it('takes the focus and answers the keys: arrows move, + and - zoom, 0 resets', () => {
    const { map, svg } = open();
    expect(map.getAttribute('tabindex')).toBe('0');
    map.focus();
    expect(document.activeElement).toBe(map);
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    fireEvent.keyDown(map, { key: 'ArrowDown' });
    expect(svg.style.transform).toBe(`translate(-${PAN_STEP}px, -${PAN_STEP}px) scale(1)`);
    fireEvent.keyDown(map, { key: '+' });
    expect(map.dataset.scale).toBe(String(ZOOM_STEP));
    fireEvent.keyDown(map, { key: '-' });
    expect(map.dataset.scale).toBe('1');
    fireEvent.keyDown(map, { key: '0' });
    expect(svg.style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('lets keys it does not use, and keys with Ctrl, through', () => {
    const { map, svg } = open();
    const tab = fireEvent.keyDown(map, { key: 'Tab' });
    const ctrlPlus = fireEvent.keyDown(map, { key: '+', ctrlKey: true });
    // fireEvent answers false when the handler called preventDefault.
    expect(tab).toBe(true);
    expect(ctrlPlus).toBe(true);
    expect(fireEvent.keyDown(map, { key: 'ArrowRight' })).toBe(false);
    expect(svg.style.transform).toBe(`translate(-${PAN_STEP}px, 0px) scale(1)`);
  });

  it('has zoom buttons and a reset, shown once the script runs', () => {
    const { map } = open();
    fireEvent.click(screen.getByRole('button', { name: PATHS_TEXT.zoomIn }));
    fireEvent.click(screen.getByRole('button', { name: PATHS_TEXT.zoomIn }));
    expect(Number(map.dataset.scale)).toBeCloseTo(ZOOM_STEP * ZOOM_STEP);
    fireEvent.click(screen.getByRole('button', { name: PATHS_TEXT.zoomOut }));
    expect(Number(map.dataset.scale)).toBeCloseTo(ZOOM_STEP);
    fireEvent.click(screen.getByRole('button', { name: PATHS_TEXT.resetView }));
    expect(map.dataset.scale).toBe('1');
    expect(map.className).toContain('is-interactive');
    expect(map.getAttribute('aria-describedby')).toBe('path-map-hint');
    expect(screen.getByText(PATHS_TEXT.mapHint)).toBeTruthy();
  });

  it('drags with the mouse; the wheel scrolls the page, and zooms about the pointer with Ctrl', () => {
    const { map, svg } = open();
    fireEvent.pointerDown(map, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 200, clientY: 150 });
    fireEvent.pointerMove(map, { pointerId: 1, pointerType: 'mouse', clientX: 190, clientY: 140 });
    fireEvent.pointerMove(map, { pointerId: 1, pointerType: 'mouse', clientX: 150, clientY: 100 });
    fireEvent.pointerUp(map, { pointerId: 1, pointerType: 'mouse', clientX: 150, clientY: 100 });
    expect(svg.style.transform).toBe('translate(-50px, -50px) scale(1)');
    // The click that ends a drag follows no link.
    expect(fireEvent.click(map)).toBe(false);
    expect(fireEvent.click(map)).toBe(true);
    // The wheel alone scrolls the page: the map neither zooms nor keeps the page from scrolling.
    const scroll = new WheelEvent('wheel', { deltaY: -100, clientX: 0, clientY: 0, cancelable: true, bubbles: true });
    map.dispatchEvent(scroll);
    expect(scroll.defaultPrevented).toBe(false);
    expect(map.dataset.scale).toBe('1');
    // With Ctrl (or a trackpad's pinch, which sends it) the wheel zooms about the pointer.
    const wheel = new WheelEvent('wheel', { deltaY: -100, clientX: 0, clientY: 0, cancelable: true, bubbles: true });
    // The test DOM's WheelEvent leaves out the modifier keys of its init: set here as a browser sets it.
    Object.defineProperty(wheel, 'ctrlKey', { value: true });
    map.dispatchEvent(wheel);
    expect(wheel.defaultPrevented).toBe(true);
    expect(Number(map.dataset.scale)).toBeGreaterThan(1);
  });

  it('pinches with two fingers', () => {
    const { map } = open();
    const touch = (type: 'pointerDown' | 'pointerMove', pointerId: number, clientX: number) =>
      fireEvent[type](map, { pointerId, pointerType: 'touch', clientX, clientY: 100 });
    touch('pointerDown', 1, 100);
    touch('pointerDown', 2, 200);
    touch('pointerMove', 2, 300);
    expect(Number(map.dataset.scale)).toBeCloseTo(2);
    fireEvent.pointerUp(map, { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(map, { pointerId: 1, pointerType: 'touch' });
  });

  it('hides the map from assistive technology, and its links from the Tab order: the list has them', () => {
    const { svg } = open();
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    for (const link of svg.querySelectorAll('a')) expect(link.getAttribute('tabindex')).toBe('-1');
  });
});
