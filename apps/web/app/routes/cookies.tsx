import { COOKIE_INTRO, COOKIE_SECTIONS } from '../features/site/legal/cookie-policy';
import { LegalPage, legalMeta } from '../features/site/legal-page';
import type { Route } from './+types/cookies';

const TITLE = 'Cookie Policy';

export const meta: Route.MetaFunction = ({ matches }) =>
  legalMeta(matches, {
    title: TITLE,
    description:
      'What Certitude stores in your browser and for how long: no advertising or analytics cookies, only sign-in tokens and your preferences.',
    path: '/cookies',
  });

export default function Screen() {
  return <LegalPage title={TITLE} intro={COOKIE_INTRO} sections={COOKIE_SECTIONS} />;
}
