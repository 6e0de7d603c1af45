import { PRODUCT_NAME } from '../page-text.js';

/** Texts of the About page, the welcome popup and the support banner (docs/product.md#about-page, docs/product.md#dialogs). */
export const SITE_TEXT = {
  aboutHero: 'Discover the Best Tech Certifications',
  aboutMission: 'Our Mission',
  featureRankings: 'Community Rankings',
  featureResources: 'Curated Resources',
  featureInsights: 'Expert Insights',
  featureGrowth: 'Career Growth',
  howItWorks: `How ${PRODUCT_NAME} Works`,
  stepDiscover: 'Discover Certifications',
  stepFeedback: 'Community Feedback',
  stepResources: 'Access Resources',
  joinCommunity: 'Join Our Community',
  ctaTitle: 'Ready to Advance Your Career?',
  ctaButton: 'Explore Certifications',
  welcomeNext: 'Next',
  welcomePrevious: 'Previous',
  welcomeSkip: 'Skip and browse as guest',
  welcomeCreateAccount: 'Create Free Account',
  welcomeSignIn: 'Sign In',
  welcomeStep: (step: number, of: number) => `Step ${step} of ${of}`,
  lastUpdatedLabel: 'Last updated:',
} as const;
