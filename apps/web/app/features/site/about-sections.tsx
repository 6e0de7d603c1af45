import './about.css';
import { MARKETING_CERTIFICATIONS, MARKETING_VENDORS, PRODUCT_NAME, SITE_TEXT, TEXT } from '@certitude/shared';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store';
import { useAuthModal } from '../../lib/auth-modal-context';
import { SiteIcon, type IconName } from './site-icons';
import { TitledCard } from '../../components/titled-card';

export function AboutHero() {
  return (
    <section className="about-hero rounded-4 px-4 py-5 px-md-5 mb-5 text-center">
      <h1 className="display-5 fw-bold mb-3">{SITE_TEXT.aboutHero}</h1>
      <p className="lead mx-auto mb-0" style={{ maxWidth: '42rem' }}>
        {PRODUCT_NAME} helps technology professionals choose their next certification, with rankings, reviews and study
        resources from a community that has already sat the exams.
      </p>
    </section>
  );
}

export function MissionCard() {
  return (
    <section className="card shadow-sm mb-5" aria-labelledby="about-mission-title">
      <div className="card-body p-4 p-md-5 d-md-flex gap-4">
        <span className="about-icon mb-3 mb-md-0">
          <SiteIcon name="target" />
        </span>
        <div>
          <h2 id="about-mission-title" className="h3">
            {SITE_TEXT.aboutMission}
          </h2>
          <p>
            A certification costs months of study and often hundreds in exam fees, yet most advice about them is written
            to sell a course. {PRODUCT_NAME} gathers the experience of the professionals who hold them instead.
          </p>
          <p className="mb-0">
            The community votes on certifications for their career impact, difficulty and industry recognition, reviews
            them in open discussion, and recommends the study resources that actually helped. Today that covers{' '}
            {MARKETING_CERTIFICATIONS} tech certifications from {MARKETING_VENDORS} technology vendors, a growing number
            of learning resources and a growing community.
          </p>
        </div>
      </div>
    </section>
  );
}

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'rankings',
    title: SITE_TEXT.featureRankings,
    text: 'Every certification carries a score from member votes, so you see at a glance which ones professionals value.',
  },
  {
    icon: 'resources',
    title: SITE_TEXT.featureResources,
    text: 'Courses, videos, books and documentation recommended by members, checked by a moderator and ranked by votes.',
  },
  {
    icon: 'insights',
    title: SITE_TEXT.featureInsights,
    text: 'Discussions with people who passed: what the exam is like, how long they studied, and whether it paid off.',
  },
  {
    icon: 'growth',
    title: SITE_TEXT.featureGrowth,
    text: 'Compare certifications from AWS, Microsoft, Google Cloud, Cisco, CompTIA and more, and plan your next step.',
  },
];

export function FeatureCards() {
  return (
    <section className="mb-5" aria-labelledby="about-features-title">
      <h2 id="about-features-title" className="visually-hidden">
        What {PRODUCT_NAME} offers
      </h2>
      <ul className="row g-4 list-unstyled mb-0">
        {FEATURES.map((f) => (
          <li key={f.title} className="col-12 col-sm-6 col-lg-3">
            <div className="card h-100 shadow-sm">
              <div className="card-body">
                <span className="about-icon mb-3">
                  <SiteIcon name={f.icon} />
                </span>
                <h3 className="h5">{f.title}</h3>
                <p className="text-body-secondary mb-0">{f.text}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STEPS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'search',
    title: SITE_TEXT.stepDiscover,
    text: 'Search the catalogue by name, code, vendor or topic, and open any certification for its details and official page.',
  },
  {
    icon: 'feedback',
    title: SITE_TEXT.stepFeedback,
    text: "See the community's score and read the discussion; with an account, add your vote and your own experience.",
  },
  {
    icon: 'resources',
    title: SITE_TEXT.stepResources,
    text: 'Pick from the free and paid learning resources members recommend, and share the ones that helped you.',
  },
];

export function HowItWorks() {
  return (
    <section className="mb-5" aria-labelledby="about-how-title">
      <h2 id="about-how-title" className="h3 text-center mb-4">
        {SITE_TEXT.howItWorks}
      </h2>
      <ol className="row g-4 list-unstyled mb-0">
        {STEPS.map((s, i) => (
          <li key={s.title} className="col-12 col-md-4">
            <div className="d-flex gap-3">
              <span className="about-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3 className="h5">{s.title}</h3>
                <p className="text-body-secondary mb-0">{s.text}</p>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function JoinCommunity() {
  const user = useCurrentUser();
  const auth = useAuthModal();
  return (
    <section className="card border-primary-subtle bg-primary-subtle mb-5" aria-labelledby="about-join-title">
      <div className="card-body p-4 p-md-5 d-md-flex align-items-center gap-4">
        <span className="about-icon mb-3 mb-md-0 bg-body">
          <SiteIcon name="community" />
        </span>
        <div className="flex-grow-1">
          <h2 id="about-join-title" className="h3 text-primary-emphasis">
            {SITE_TEXT.joinCommunity}
          </h2>
          <p className="mb-md-0 text-primary-emphasis">
            {PRODUCT_NAME} is built by the people who use it. Members vote, comment, and submit certifications and
            resources; a moderator reviews every submission, usually within {TEXT.reviewTurnaround}.
          </p>
        </div>
        {!user && (
          <button type="button" className="btn btn-primary flex-shrink-0" onClick={() => auth.open('register')}>
            {SITE_TEXT.welcomeCreateAccount}
          </button>
        )}
      </div>
    </section>
  );
}

export function CallToAction() {
  return (
    <TitledCard
      titleId="about-cta-title"
      title={SITE_TEXT.ctaTitle}
      titleClassName="h3"
      className="card shadow-sm text-center"
      bodyClassName="card-body p-4 p-md-5"
    >
      <p className="text-body-secondary mx-auto mb-4" style={{ maxWidth: '36rem' }}>
        Browse the rankings, read what others learned on the way, and find the certification that moves you forward.
      </p>
      <Link to="/" className="btn btn-primary btn-lg about-cta-button">
        {SITE_TEXT.ctaButton}
      </Link>
    </TitledCard>
  );
}
