/* global document -- the function below runs inside the page */
// Whether React holds a page, checked inside the page (Playwright's waitForFunction): the browser tests
// (e2e/support/browser.ts) and the keystroke benchmark (bench/keystroke.mjs) wait on this one condition.

/**
 * React has taken over the server's HTML (a click from now on reaches its handler), and on the home page every card
 * is in: the grid names the search it answers (`data-shown-for`) once it holds them all. `whole: false` leaves the
 * grid out. `inert`: the type of the module script that waits for the first paint (decision 56); a page without
 * one runs no app to wait for. Self-contained: Playwright sends its text to the page.
 */
export function reactHolds({ whole, inert }) {
  if (inert !== null && document.querySelector(`script[type="${inert}"]`) === null) return true;
  const main = document.querySelector('main');
  const grid = document.querySelector('ul[aria-label=Certifications]');
  return (
    main !== null &&
    Object.keys(main).some((k) => k.startsWith('__react')) &&
    (!whole || grid === null || grid.dataset.shownFor !== undefined)
  );
}
