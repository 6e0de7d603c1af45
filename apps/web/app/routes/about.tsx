import { SITE_TEXT, type Stats } from '@certitude/shared';
import { Container } from 'react-bootstrap';
import { AboutStats } from '../features/site/about-stats';
import {
  AboutHero,
  CallToAction,
  FeatureCards,
  HowItWorks,
  JoinCommunity,
  MissionCard,
} from '../features/site/about-sections';
import { shareImageMeta } from '../features/site/share-image';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/about';

export async function loader({ context }: Route.LoaderArgs) {
  let stats: Stats | null = null;
  try {
    stats = await context.data.stats();
  } catch (err) {
    // The page is mostly prose: without the counts it still renders, with the product's claims instead (docs/product.md#about-page).
    console.error('About page: could not read the statistics', err);
  }
  return { stats, publicUrl: context.publicUrl };
}

const DESCRIPTION =
  'The community guide to IT certifications: ranked by professionals for career impact, difficulty and recognition, with the resources that helped them pass.';

export const meta: Route.MetaFunction = ({ data }) => {
  const publicUrl = data?.publicUrl ?? '';
  const image = shareImageMeta(publicUrl);
  return [
    ...pageMeta({
      title: `About: ${SITE_TEXT.aboutHero}`,
      description: DESCRIPTION,
      url: `${publicUrl}/about`,
      type: 'website',
      image: image.url,
    }),
    ...image.extra,
  ];
};

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <Container className="py-4 py-md-5">
      <AboutHero />
      <MissionCard />
      <FeatureCards />
      <HowItWorks />
      <JoinCommunity />
      <AboutStats stats={loaderData.stats} />
      <CallToAction />
    </Container>
  );
}
