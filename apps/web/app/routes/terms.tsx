import { TERMS_INTRO, TERMS_SECTIONS } from '../features/site/legal/terms-of-service';
import { LegalPage, legalMeta } from '../features/site/legal-page';
import type { Route } from './+types/terms';

const TITLE = 'Terms of Service';

export const meta: Route.MetaFunction = ({ matches }) =>
  legalMeta(matches, {
    title: TITLE,
    description:
      'The rules for using Certitude: accounts, your contributions, community rules, moderation, and the limits of what the site promises.',
    path: '/terms',
  });

export default function Screen() {
  return <LegalPage title={TITLE} intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
