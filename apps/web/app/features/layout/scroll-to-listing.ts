import { FOOTER_SCROLL_Y } from '@certitude/shared';

/** How long to wait for the home page's list, which streams in after the page, to make room for the scroll. */
const WAIT_FOR_LIST_MS = 5000;

/** Scrolls to the listing once the home page has room for it (the footer's quick links; loaded on their first click). */
export function scrollToListing(deadline = performance.now() + WAIT_FOR_LIST_MS) {
  const room = document.documentElement.scrollHeight - window.innerHeight;
  if (room < FOOTER_SCROLL_Y && performance.now() < deadline) {
    requestAnimationFrame(() => scrollToListing(deadline));
    return;
  }
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: FOOTER_SCROLL_Y, behavior: reduce ? 'auto' : 'smooth' });
}
