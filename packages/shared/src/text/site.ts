import { PRODUCT_NAME } from '../page-text.js';

/** Texts of the About page, the welcome popup and the support banner (docs/product.md#about-page, docs/product.md#dialogs). */
export const SITE_TEXT = {
  aboutHero: 'Discover the Best Tech Certifications',
  aboutIntro: `${PRODUCT_NAME} helps technology professionals choose their next certification, with rankings, reviews and study resources from a community that has already sat the exams.`,
  aboutMission: 'Our Mission',
  missionWhy: `A certification costs months of study and often hundreds in exam fees, yet most advice about them is written to sell a course. ${PRODUCT_NAME} gathers the experience of the professionals who hold them instead.`,
  missionHow: (certifications: string, vendors: string) =>
    `The community votes on certifications for their career impact, difficulty and industry recognition, reviews them in open discussion, and recommends the study resources that actually helped. Today that covers ${certifications} tech certifications from ${vendors} technology vendors, a growing number of learning resources and a growing community.`,
  /** The About page's figures, live or, when they cannot be read, the product's claims. */
  inNumbers: `${PRODUCT_NAME} in numbers`,
  statCertifications: 'Certifications',
  statActiveCertifications: 'Active Certifications',
  statVendors: 'Technology Vendors',
  statMembers: 'Community Members',
  statGrowing: 'Growing',
  features: `What ${PRODUCT_NAME} offers`,
  featureRankings: 'Community Rankings',
  featureResources: 'Curated Resources',
  featureInsights: 'Expert Insights',
  featureGrowth: 'Career Growth',
  featureRankingsText:
    'Every certification carries a score from member votes, so you see at a glance which ones professionals value.',
  featureResourcesText:
    'Courses, videos, books and documentation recommended by members, checked by a moderator and ranked by votes.',
  featureInsightsText:
    'Discussions with people who passed: what the exam is like, how long they studied, and whether it paid off.',
  featureGrowthText:
    'Compare certifications from AWS, Microsoft, Google Cloud, Cisco, CompTIA and more, and plan your next step.',
  stepDiscoverText:
    'Search the catalogue by name, code, vendor or topic, and open any certification for its details and official page.',
  stepFeedbackText:
    "See the community's score and read the discussion; with an account, add your vote and your own experience.",
  stepResourcesText:
    'Pick from the free and paid learning resources members recommend, and share the ones that helped you.',
  howItWorks: `How ${PRODUCT_NAME} Works`,
  stepDiscover: 'Discover Certifications',
  stepFeedback: 'Community Feedback',
  stepResources: 'Access Resources',
  joinCommunity: 'Join Our Community',
  joinText: (turnaround: string) =>
    `${PRODUCT_NAME} is built by the people who use it. Members vote, comment, and submit certifications and resources; a moderator reviews every submission, usually within ${turnaround}.`,
  ctaTitle: 'Ready to Advance Your Career?',
  ctaButton: 'Explore Certifications',
  ctaText:
    'Browse the rankings, read what others learned on the way, and find the certification that moves you forward.',
  welcomeNext: 'Next',
  welcomePrevious: 'Previous',
  welcomeSkip: 'Skip and browse as guest',
  welcomeCreateAccount: 'Create Free Account',
  welcomeSignIn: 'Sign In',
  welcomeStep: (step: number, of: number) => `Step ${step} of ${of}`,
  lastUpdatedLabel: 'Last updated:',
  /** The legal pages' table of contents. */
  legalContents: 'On this page',
} as const;
