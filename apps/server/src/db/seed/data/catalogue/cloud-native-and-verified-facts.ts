import type { SeedCertification, SeedFacts } from '../types.js';
import * as firstCatalogue from './first-catalogue.js';
import * as securityGovernance from './security-governance.js';
import * as networkingAndDataPlatforms from './networking-and-data-platforms.js';

/**
 * More certifications of the Linux Foundation, Red Hat, Cisco, Scrum.org, AWS and Google Cloud, and exam facts read
 * on stored copies of the vendors' own pages (docs/catalogue.md). Each fact here names the official page it was read
 * on; a fact the page did not state stays `null`. Level and domains are the catalogue's classification.
 */
export const certifications: SeedCertification[] = [
  // ---------------------------------------------------------------------------
  // Linux Foundation
  // ---------------------------------------------------------------------------
  {
    slug: 'certified-cloud-native-platform-engineering-associate-cnpa',
    name: 'Certified Cloud Native Platform Engineering Associate (CNPA)',
    certCode: 'CNPA',
    vendor: 'Linux Foundation',
    url: 'https://docs.linuxfoundation.org/tc-docs/certification/important-instructions-mc',
    description: `Associate-level multiple-choice certification from the Linux Foundation and the CNCF on platform engineering: building internal platforms that give development teams self-service infrastructure.\n\nIt covers platform engineering fundamentals and DevOps culture, declarative resource management and GitOps, continuous delivery, platform APIs and infrastructure provisioning, internal developer portals and developer experience, observability, security and conformance, and measuring a platform's success.\n\nIt suits engineers moving into platform teams and is the conceptual companion to the hands-on CNPE.`,
  },
  {
    slug: 'certified-cloud-native-platform-engineer-cnpe',
    name: 'Certified Cloud Native Platform Engineer (CNPE)',
    certCode: 'CNPE',
    vendor: 'Linux Foundation',
    url: 'https://docs.linuxfoundation.org/tc-docs/certification/frequently-asked-questions-cnpe',
    description: `Hands-on Linux Foundation and CNCF certification for engineers who design, build and run cloud native platforms, announced in 2025 as the first new practical CNCF exam in five years.\n\nCandidates work through tasks in live environments covering containers, CI/CD and GitOps, platform APIs, observability and security, showing they can give development teams a reliable self-service platform.\n\nIt is aimed at experienced platform engineers and SREs; the multiple-choice CNPA is the natural first step.`,
  },
  // ---------------------------------------------------------------------------
  // Red Hat
  // ---------------------------------------------------------------------------
  {
    slug: 'red-hat-certified-specialist-in-containers',
    name: 'Red Hat Certified Specialist in Containers',
    certCode: 'EX188',
    vendor: 'Red Hat',
    url: 'https://www.redhat.com/en/services/training/ex188-red-hat-certified-specialist-containers-exam',
    description: `Performance-based Red Hat exam on container fundamentals: finding, customising, running and managing containerised services in standalone environments with Podman on Red Hat Enterprise Linux.\n\nIt suits administrators, developers and architects who are new to containers, and it counts towards the Red Hat Certified Architect (RHCA).\n\nRed Hat recommends its Introduction to Containers with Podman course (DO188) or equivalent experience, plus some comfort with the Linux shell.`,
  },
  {
    slug: 'red-hat-certified-openshift-application-developer',
    name: 'Red Hat Certified OpenShift Application Developer',
    certCode: 'EX288',
    vendor: 'Red Hat',
    url: 'https://www.redhat.com/en/services/training/ex288-red-hat-certified-openshift-application-developer-exam',
    description: `Hands-on Red Hat exam for developers and DevOps engineers who deploy and support applications on Red Hat OpenShift Container Platform.\n\nCandidates build and deploy existing applications on a live cluster: working with images and builds, configuring deployments, exposing and scaling applications, and using OpenShift's developer tooling. Passing it also counts towards the RHCA.\n\nRed Hat strongly recommends container basics, some programming experience, its DO288 course and the Specialist in Containers certification first, though none is required.`,
  },
  {
    slug: 'red-hat-certified-cloud-native-developer',
    name: 'Red Hat Certified Cloud-native Developer',
    certCode: 'EX378',
    vendor: 'Red Hat',
    url: 'https://www.redhat.com/en/services/training/red-hat-certified-cloud-native-developer-exam',
    description: `Performance-based Red Hat exam on server-side Java development with the Quarkus framework: building a complete microservice backed by a persistent data store.\n\nIt expects solid Java SE knowledge, including exceptions, annotations and the collections API, and touches on configuration, REST services, persistence and messaging. It counts towards the RHCA.\n\nRed Hat recommends its Cloud-native Microservices Development with Quarkus course (DO378) or equivalent hands-on experience.`,
  },
  {
    slug: 'red-hat-certified-specialist-in-openshift-automation-and-integration',
    name: 'Red Hat Certified Specialist in OpenShift Automation and Integration',
    certCode: 'EX380',
    vendor: 'Red Hat',
    url: 'https://www.redhat.com/en/services/training/ex380-certified-specialist-openshift-automation-exam',
    description: `Hands-on Red Hat exam on planning, implementing and managing OpenShift Container Platform deployments at enterprise scale, including integrating identity providers such as LDAP and OIDC and automating cluster operations.\n\nThe skills apply to self-managed OpenShift as well as managed editions such as Red Hat OpenShift Service on AWS and Azure Red Hat OpenShift. It counts towards the RHCA.\n\nIt is aimed at platform engineers, cluster administrators and SREs who already administer OpenShift.`,
  },
  {
    slug: 'red-hat-certified-specialist-in-openshift-virtualization',
    name: 'Red Hat Certified Specialist in OpenShift Virtualization',
    certCode: 'EX316',
    vendor: 'Red Hat',
    url: 'https://www.redhat.com/en/services/training/red-hat-certified-specialist-openshift-virtualization-ex316',
    description: `Performance-based Red Hat exam on running virtual machines on OpenShift: deploying the OpenShift Virtualization operator, then planning, creating, networking and managing virtual machines alongside containers.\n\nIt suits SREs, cluster and cloud engineers who bring existing VM workloads onto an OpenShift cluster and keep them compliant with company standards. It counts towards the RHCA.\n\nRed Hat points to RHCSA-level Linux skills, OpenShift administration (DO280) and its DO316 course as preparation.`,
  },
  // ---------------------------------------------------------------------------
  // Cisco
  // ---------------------------------------------------------------------------
  {
    slug: 'cisco-certified-design-expert-ccde',
    name: 'Cisco Certified Design Expert (CCDE)',
    certCode: '400-007',
    vendor: 'Cisco',
    url: 'https://www.cisco.com/c/en/us/training-events/training-certifications/certifications/expert/ccde.html',
    description: `Cisco's expert-level certification in network design, for architects who turn business needs, budgets and operational constraints into the design of large networks.\n\nIt takes two exams: the CCDE Written qualifying exam (400-007) on network design, technologies and translating requirements into specifications, then an eight-hour practical exam built around design scenarios.\n\nThere are no formal prerequisites; it is aimed at senior network designers and architects.`,
  },
  // ---------------------------------------------------------------------------
  // Scrum.org
  // ---------------------------------------------------------------------------
  {
    slug: 'scaled-professional-scrum-sps',
    name: 'Scaled Professional Scrum (SPS)',
    certCode: 'SPS',
    vendor: 'Scrum.org',
    url: 'https://www.scrum.org/scaled-professional-scrum-certification',
    description: `Scrum.org certification on scaling Scrum with the Nexus framework, in which several Scrum Teams work from one Product Backlog towards one integrated Increment.\n\nThe assessment draws on the Scrum Guide and the Nexus Guide: the Nexus Integration Team, cross-team refinement, Nexus events and artifacts, and managing dependencies between teams.\n\nA course is recommended but not required; it suits Scrum Masters, Product Owners and coaches working with multi-team products.`,
  },
  // ---------------------------------------------------------------------------
  // AWS
  // ---------------------------------------------------------------------------
  {
    slug: 'aws-certified-generative-ai-developer-professional',
    name: 'AWS Certified Generative AI Developer - Professional',
    certCode: 'AIP-C01',
    vendor: 'AWS',
    url: 'https://aws.amazon.com/certification/certified-generative-ai-developer-professional/',
    description: `Professional-level AWS certification for developers who integrate foundation models into applications and business workflows and run generative AI solutions in production.\n\nThe exam guide covers foundation model integration, data management and compliance; implementation and integration; AI safety, security and governance; operational efficiency and cost optimisation; and testing, validation and troubleshooting, with Amazon Bedrock at the centre.\n\nIt is aimed at developers with solid AWS experience and hands-on work building generative AI applications.`,
  },
  // ---------------------------------------------------------------------------
  // Google Cloud
  // ---------------------------------------------------------------------------
  {
    slug: 'associate-google-workspace-administrator',
    name: 'Associate Google Workspace Administrator',
    certCode: 'Associate Google Workspace Administrator',
    vendor: 'Google Cloud',
    url: 'https://cloud.google.com/learn/certification',
    description: `Google's associate-level certification for the day-to-day administration of Google Workspace, launched in January 2025 to replace the Professional Google Workspace Administrator.\n\nIt covers managing user accounts, groups and organisational units, configuring Gmail, Drive and the other core services, data governance and compliance, security settings and access controls, endpoint management and troubleshooting common problems.\n\nIt suits IT administrators, help desk staff and support engineers who look after an organisation's Workspace tenant.`,
  },
];

const VERIFIED = '2026-11-25';

const LF_MULTIPLE_CHOICE = 'https://docs.linuxfoundation.org/tc-docs/certification/important-instructions-mc';
const LF_CKA_CKAD = 'https://docs.linuxfoundation.org/tc-docs/certification/tips-cka-and-ckad';
const LF_LFCS = 'https://docs.linuxfoundation.org/tc-docs/certification/instructions-lfcs-and-lfce';
const LF_CNPE = 'https://docs.linuxfoundation.org/tc-docs/certification/frequently-asked-questions-cnpe';
const GOOGLE_CERT_FAQ = 'https://support.google.com/cloud-certification/answer/9438208';
const GOOGLE_PCA = 'https://cloud.google.com/learn/certification/cloud-architect';
const GOOGLE_PGWA = 'https://cloud.google.com/learn/certification/google-workspace-administrator';
const SCRUM_PSM_I = 'https://www.scrum.org/professional-scrum-master-i-certification';

/** The facts the earlier groups gave, so that a slug verified here keeps its level, domains and prerequisites. */
const earlier: Record<string, SeedFacts> = {
  ...firstCatalogue.facts,
  ...securityGovernance.facts,
  ...networkingAndDataPlatforms.facts,
};

function verified(slug: string, patch: Partial<SeedFacts>): SeedFacts {
  const base = earlier[slug];
  if (!base) throw new Error(`No earlier facts for ${slug}`);
  return { ...base, ...patch, factsVerifiedAt: VERIFIED };
}

/** Linux Foundation multiple-choice exams: 60 questions in 90 minutes, proctored online. */
const lfMultipleChoice = (slug: string): SeedFacts =>
  verified(slug, {
    exam: {
      costUsd: null,
      durationMinutes: 90,
      questionCount: 60,
      passingScore: null,
      formats: ['MULTIPLE_CHOICE'],
      delivery: ['ONLINE_PROCTORED'],
    },
    factsSource: LF_MULTIPLE_CHOICE,
  });

/** Google Cloud certification FAQ: professional certifications run two years, CDL and ACE three. */
const googleValidity = (slug: string, months: 24 | 36): SeedFacts =>
  verified(slug, {
    validityMonths: months,
    renewal: 'Recertify by passing the exam again before the certification expires.',
    factsSource: GOOGLE_CERT_FAQ,
  });

/** Facts of the certifications above, and facts read on official pages for certifications of earlier groups. */
export const facts: Record<string, SeedFacts> = {
  // Linux Foundation
  'certified-cloud-native-platform-engineering-associate-cnpa': {
    level: 'ASSOCIATE',
    domains: ['devops', 'cloud'],
    exam: {
      costUsd: null,
      durationMinutes: 120,
      questionCount: 85,
      passingScore: null,
      formats: ['MULTIPLE_CHOICE'],
      delivery: ['ONLINE_PROCTORED'],
    },
    factsSource: LF_MULTIPLE_CHOICE,
    factsVerifiedAt: VERIFIED,
  },
  'certified-cloud-native-platform-engineer-cnpe': {
    level: 'PROFESSIONAL',
    domains: ['devops', 'cloud', 'infrastructure'],
    prerequisites: [{ slug: 'certified-cloud-native-platform-engineering-associate-cnpa', kind: 'RECOMMENDED' }],
    exam: {
      costUsd: null,
      durationMinutes: null,
      questionCount: null,
      passingScore: null,
      formats: [],
      delivery: ['ONLINE_PROCTORED'],
    },
    factsSource: LF_CNPE,
    factsVerifiedAt: VERIFIED,
  },
  'kubernetes-and-cloud-native-associate-kcna': lfMultipleChoice('kubernetes-and-cloud-native-associate-kcna'),
  'kubernetes-and-cloud-native-security-associate-kcsa': lfMultipleChoice(
    'kubernetes-and-cloud-native-security-associate-kcsa',
  ),
  'prometheus-certified-associate-pca': lfMultipleChoice('prometheus-certified-associate-pca'),
  'certified-gitops-associate-cgoa': lfMultipleChoice('certified-gitops-associate-cgoa'),
  'certified-argo-project-associate-capa': lfMultipleChoice('certified-argo-project-associate-capa'),
  'cilium-certified-associate-cca': lfMultipleChoice('cilium-certified-associate-cca'),
  'certified-kubernetes-administrator-cka': verified('certified-kubernetes-administrator-cka', {
    exam: {
      costUsd: null,
      durationMinutes: 120,
      questionCount: null,
      passingScore: null,
      formats: ['PERFORMANCE_BASED'],
      delivery: ['ONLINE_PROCTORED'],
    },
    factsSource: LF_CKA_CKAD,
  }),
  'certified-kubernetes-application-developer-ckad': verified('certified-kubernetes-application-developer-ckad', {
    exam: {
      costUsd: null,
      durationMinutes: 120,
      questionCount: null,
      passingScore: null,
      formats: ['PERFORMANCE_BASED'],
      delivery: ['ONLINE_PROCTORED'],
    },
    factsSource: LF_CKA_CKAD,
  }),
  'linux-foundation-certified-system-administrator-lfcs': verified(
    'linux-foundation-certified-system-administrator-lfcs',
    {
      exam: {
        costUsd: null,
        durationMinutes: 120,
        questionCount: null,
        passingScore: '67%',
        formats: ['PERFORMANCE_BASED'],
        delivery: ['ONLINE_PROCTORED'],
      },
      factsSource: LF_LFCS,
    },
  ),

  // Red Hat
  'red-hat-certified-specialist-in-containers': { level: 'SPECIALTY', domains: ['devops', 'infrastructure'] },
  'red-hat-certified-openshift-application-developer': {
    level: 'SPECIALTY',
    domains: ['software-development', 'devops'],
    prerequisites: [{ slug: 'red-hat-certified-specialist-in-containers', kind: 'RECOMMENDED' }],
  },
  'red-hat-certified-cloud-native-developer': { level: 'SPECIALTY', domains: ['software-development', 'cloud'] },
  'red-hat-certified-specialist-in-openshift-automation-and-integration': {
    level: 'SPECIALTY',
    domains: ['infrastructure', 'devops'],
  },
  'red-hat-certified-specialist-in-openshift-virtualization': {
    level: 'SPECIALTY',
    domains: ['infrastructure', 'cloud'],
  },

  // Cisco
  'cisco-certified-design-expert-ccde': { level: 'EXPERT', domains: ['networking'] },

  // Scrum.org
  'scaled-professional-scrum-sps': { level: 'SPECIALTY', domains: ['project-management'] },
  'professional-scrum-master-i-psm-i': verified('professional-scrum-master-i-psm-i', {
    exam: {
      costUsd: 200,
      durationMinutes: 60,
      questionCount: 80,
      passingScore: '85%',
      formats: ['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE'],
      delivery: [],
    },
    factsSource: SCRUM_PSM_I,
  }),

  // AWS
  'aws-certified-generative-ai-developer-professional': { level: 'PROFESSIONAL', domains: ['data-ai', 'cloud'] },

  // Google Cloud
  'associate-google-workspace-administrator': { level: 'ASSOCIATE', domains: ['infrastructure', 'security'] },
  'google-workspace-administrator': verified('google-workspace-administrator', {
    exam: {
      costUsd: 200,
      durationMinutes: 120,
      questionCount: null,
      passingScore: null,
      formats: ['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE'],
      delivery: ['ONLINE_PROCTORED', 'TEST_CENTER'],
    },
    prerequisiteNotes: 'No prerequisites; Google recommended three years of industry experience, one of them administering Google Workspace.',
    lifecycle: 'RETIRED',
    retiresOn: '2024-12-31',
    supersededBy: 'associate-google-workspace-administrator',
    factsSource: GOOGLE_PGWA,
  }),
  'google-cloud-professional-cloud-architect': verified('google-cloud-professional-cloud-architect', {
    exam: {
      costUsd: 200,
      durationMinutes: 120,
      questionCount: null,
      passingScore: null,
      formats: ['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE'],
      delivery: ['ONLINE_PROCTORED', 'TEST_CENTER'],
    },
    prerequisiteNotes:
      'No prerequisites; Google recommends three years of industry experience, including a year designing and managing solutions on Google Cloud.',
    factsSource: GOOGLE_PCA,
  }),
  'google-cloud-digital-leader': googleValidity('google-cloud-digital-leader', 36),
  'google-cloud-associate-cloud-engineer': googleValidity('google-cloud-associate-cloud-engineer', 36),
  'google-cloud-professional-cloud-developer': googleValidity('google-cloud-professional-cloud-developer', 24),
  'google-cloud-professional-cloud-devops-engineer': googleValidity('google-cloud-professional-cloud-devops-engineer', 24),
  'google-cloud-professional-data-engineer': googleValidity('google-cloud-professional-data-engineer', 24),
  'google-cloud-professional-cloud-security-engineer': googleValidity(
    'google-cloud-professional-cloud-security-engineer',
    24,
  ),
  'google-cloud-professional-cloud-network-engineer': googleValidity('google-cloud-professional-cloud-network-engineer', 24),
  'google-cloud-professional-machine-learning-engineer': googleValidity(
    'google-cloud-professional-machine-learning-engineer',
    24,
  ),
  'google-cloud-professional-cloud-database-engineer': googleValidity(
    'google-cloud-professional-cloud-database-engineer',
    24,
  ),
};
