import {
  ACCESS_TOKEN_TTL_SECONDS,
  ANALYTICS_COOKIE_MAX_YEARS,
  FIRST_SIGN_IN_KEY,
  PERSISTENT_COOKIE_MAX_YEARS,
  PRODUCT_NAME,
  REFRESH_TOKEN_TTL_DAYS,
  STORAGE_KEYS,
} from '@certitude/shared';
import { Link } from 'react-router';
import type { LegalSection } from '../legal-page';

const P = PRODUCT_NAME;
const years = (n: number) => (n === 1 ? '1 year' : `${n} years`);
const ACCESS_MINUTES = `${ACCESS_TOKEN_TTL_SECONDS / 60} minutes`;
const REFRESH_DAYS = `${REFRESH_TOKEN_TTL_DAYS} days`;

/** Every item the site keeps in the browser, in the order a visitor meets them. */
const STORED_ITEMS: { name: string; purpose: string; kind: string; lasts: string }[] = [
  {
    name: STORAGE_KEYS.theme,
    purpose: 'Your choice of light or dark theme.',
    kind: 'Preference',
    lasts: 'Until you change it or clear site data',
  },
  {
    name: STORAGE_KEYS.visited,
    purpose: 'Remembers that this browser has been here, so the welcome popup greets first-time visitors only.',
    kind: 'Preference',
    lasts: 'Until you clear site data',
  },
  {
    name: STORAGE_KEYS.welcomeShown,
    purpose: 'Remembers that you closed the welcome popup, so it does not come back.',
    kind: 'Preference',
    lasts: 'Until you clear site data',
  },
  {
    name: STORAGE_KEYS.supportBannerDismissed,
    purpose: 'Remembers that you dismissed the support banner.',
    kind: 'Preference',
    lasts: 'Until you clear site data',
  },
  {
    name: STORAGE_KEYS.compareTray,
    purpose:
      'The certifications you picked to compare (at most four), so the comparison tray follows you across pages.',
    kind: 'Preference',
    lasts: 'Until you clear the tray or site data',
  },
  {
    name: FIRST_SIGN_IN_KEY,
    purpose:
      'Remembers which members have answered or skipped the questions of their first sign-in on this browser, so it does not ask the server again on every page.',
    kind: 'Preference (signed-in members)',
    lasts: 'Until you clear site data',
  },
  {
    name: STORAGE_KEYS.accessToken,
    purpose: 'Proves to the server that you are signed in, on each request you make.',
    kind: 'Strictly necessary (signed-in members)',
    lasts: `Valid for ${ACCESS_MINUTES}, then replaced automatically; removed when you log out`,
  },
  {
    name: STORAGE_KEYS.refreshToken,
    purpose: 'Gets a new access token without asking for your password again.',
    kind: 'Strictly necessary (signed-in members)',
    lasts: `At most ${REFRESH_DAYS}; replaced on every use; removed when you log out`,
  },
  {
    name: STORAGE_KEYS.user,
    purpose: 'Your id, username, email address and role, so the page can show your account without asking the server.',
    kind: 'Strictly necessary (signed-in members)',
    lasts: 'Removed when you log out',
  },
];

export const COOKIE_INTRO = (
  <p>
    This policy explains what {P} stores in your browser and why. In short: we use no advertising cookies and no
    third-party analytics, and what we do store is needed to sign you in or remembers a choice you made.
  </p>
);

export const COOKIE_SECTIONS: LegalSection[] = [
  {
    id: 'what-they-are',
    title: 'Cookies and local storage',
    body: (
      <p className="mb-0">
        Cookies are small files a website asks your browser to keep and send back with each request. Local storage is a
        similar place in your browser that only the website&rsquo;s own pages can read; it is not sent with requests.{' '}
        {P} mostly uses local storage, and the same rules apply to both: we store only what the site needs, for no
        longer than it needs it.
      </p>
    ),
  },
  {
    id: 'what-we-store',
    title: 'What we store',
    body: (
      <>
        <div className="table-responsive">
          <table className="table table-sm align-top small">
            <caption className="caption-top">Items {P} keeps in your browser&rsquo;s local storage</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Purpose</th>
                <th scope="col">Kind</th>
                <th scope="col">How long</th>
              </tr>
            </thead>
            <tbody>
              {STORED_ITEMS.map((item) => (
                <tr key={item.name}>
                  <th scope="row">
                    <code>{item.name}</code>
                  </th>
                  <td>{item.purpose}</td>
                  <td>{item.kind}</td>
                  <td>{item.lasts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mb-0">
          When you browse normally, {P} sets no cookies at all. When you choose to sign in with Google or GitHub, the
          server may set one strictly necessary cookie that ties the provider&rsquo;s answer to your browser, to protect
          you against forged sign-ins; it expires within 10 minutes and is not used for anything else.
        </p>
      </>
    ),
  },
  {
    id: 'durations',
    title: 'How long items last',
    body: (
      <>
        <p>These are the limits we hold ourselves to:</p>
        <ul>
          <li>
            <strong>Access token</strong>: {ACCESS_MINUTES}.
          </li>
          <li>
            <strong>Refresh token</strong>: {REFRESH_DAYS} at most.
          </li>
          <li>
            <strong>Persistent cookies</strong>: up to {years(PERSISTENT_COOKIE_MAX_YEARS)}. We set none today; any we
            add will expire within that time.
          </li>
          <li>
            <strong>Analytics</strong>: up to {years(ANALYTICS_COOKIE_MAX_YEARS)}. {P} uses no analytics today. If we
            ever introduce them, they will be first-party, we will list them here before they start, ask for your
            consent where the law requires it, and keep any identifier for no longer than{' '}
            {years(ANALYTICS_COOKIE_MAX_YEARS)}.
          </li>
        </ul>
        <p className="mb-0">
          Preferences such as your theme have no expiry date of their own: they stay until you change them or clear the
          site&rsquo;s data.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third parties',
    body: (
      <p className="mb-0">
        No advertising network, social media widget or analytics provider runs on {P} pages, so none of them can set
        cookies here. Websites we link to (official certification pages, learning resources, our donation page) and
        Google or GitHub during sign-in set their own cookies when you visit them, under their own policies.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    body: (
      <>
        <p>
          You can see and delete everything {P} stores through your browser&rsquo;s settings for this site (often called
          &ldquo;site data&rdquo; or &ldquo;cookies and site data&rdquo;). Logging out removes the three sign-in items
          at once.
        </p>
        <p className="mb-0">
          If you block storage for this site, you can still browse everything, but you cannot stay signed in, the
          welcome popup stays away, and the support banner cannot remember that you dismissed it.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p className="mb-0">
        If what we store changes, we update this page and its date first. For questions, see the contact section of our{' '}
        <Link to="/privacy#contact">Privacy Policy</Link>.
      </p>
    ),
  },
];
