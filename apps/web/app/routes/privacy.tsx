import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../features/site/legal/privacy-policy';
import { LegalPage, legalMeta } from '../features/site/legal-page';
import type { Route } from './+types/privacy';

const TITLE = 'Privacy Policy';

export const meta: Route.MetaFunction = ({ matches }) =>
  legalMeta(matches, {
    title: TITLE,
    description:
      'What personal data Certitude collects, why, how long it is kept and who sees it, and the rights you have over it.',
    path: '/privacy',
  });

export default function Screen() {
  return <LegalPage title={TITLE} intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
