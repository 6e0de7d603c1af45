/** How long a landed comment is held in place while the parts above it finish loading, at most. */
const HOLD_COMMENT_MS = 5_000;

/**
 * A notification's link: the comment is focused (made focusable for it; its focus is its highlight, which a link
 * followed inside the app would not get from `:target`) and brought near the top of the screen. The parts of the page
 * above it that arrive later (the streamed resources, the member's comment box) would push it down to the bottom
 * edge, so it is held there while the page's size changes, until the reader scrolls, types or clicks.
 */
export function landOnComment(comment: HTMLElement): () => void {
  const place = () => comment.scrollIntoView({ block: 'start' });
  // Focusable while it holds the focus only: a click in any other comment must not highlight that one.
  comment.tabIndex = -1;
  comment.addEventListener('blur', () => comment.removeAttribute('tabindex'), { once: true });
  comment.focus({ preventScroll: true });
  place();
  const resized = new ResizeObserver(place);
  resized.observe(document.body);
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const release = () => {
    resized.disconnect();
    clearTimeout(timer);
    for (const type of inputs) window.removeEventListener(type, release, true);
  };
  const timer = setTimeout(release, HOLD_COMMENT_MS);
  for (const type of inputs) window.addEventListener(type, release, { capture: true, passive: true });
  return release;
}
