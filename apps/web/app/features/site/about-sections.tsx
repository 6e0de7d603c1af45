import './about.css';
import { MARKETING_CERTIFICATIONS, MARKETING_VENDORS, SITE_TEXT, TEXT } from '@certitude/shared';
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
        {SITE_TEXT.aboutIntro}
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
          <p>{SITE_TEXT.missionWhy}</p>
          <p className="mb-0">{SITE_TEXT.missionHow(MARKETING_CERTIFICATIONS, MARKETING_VENDORS)}</p>
        </div>
      </div>
    </section>
  );
}

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'rankings',
    title: SITE_TEXT.featureRankings,
    text: SITE_TEXT.featureRankingsText,
  },
  {
    icon: 'resources',
    title: SITE_TEXT.featureResources,
    text: SITE_TEXT.featureResourcesText,
  },
  {
    icon: 'insights',
    title: SITE_TEXT.featureInsights,
    text: SITE_TEXT.featureInsightsText,
  },
  {
    icon: 'growth',
    title: SITE_TEXT.featureGrowth,
    text: SITE_TEXT.featureGrowthText,
  },
];

export function FeatureCards() {
  return (
    <section className="mb-5" aria-labelledby="about-features-title">
      <h2 id="about-features-title" className="visually-hidden">
        {SITE_TEXT.features}
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
    text: SITE_TEXT.stepDiscoverText,
  },
  {
    icon: 'feedback',
    title: SITE_TEXT.stepFeedback,
    text: SITE_TEXT.stepFeedbackText,
  },
  {
    icon: 'resources',
    title: SITE_TEXT.stepResources,
    text: SITE_TEXT.stepResourcesText,
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
          <p className="mb-md-0 text-primary-emphasis">{SITE_TEXT.joinText(TEXT.reviewTurnaround)}</p>
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
        {SITE_TEXT.ctaText}
      </p>
      <Link to="/" className="btn btn-primary btn-lg about-cta-button">
        {SITE_TEXT.ctaButton}
      </Link>
    </TitledCard>
  );
}
