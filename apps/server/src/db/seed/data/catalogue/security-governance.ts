import type { SeedCertification, SeedFacts } from '../types.js';

/**
 * Certifications of ISC2, ISACA, EC-Council, GIAC, OffSec, PMI, PeopleCert, Scrum.org, IAPP, Cloud Security Alliance
 * and The Open Group added to the first catalogue.
 */
export const certifications: SeedCertification[] = [
  // ---------------------------------------------------------------------------
  // ISACA
  // ---------------------------------------------------------------------------
  {
    slug: 'advanced-in-ai-audit-aaia',
    name: 'Advanced in AI Audit (AAIA)',
    certCode: 'AAIA',
    vendor: 'ISACA',
    url: 'https://www.isaca.org/credentialing/aaia',
    description: `ISACA credential, launched in 2025, for experienced auditors who need to plan and carry out audits of AI systems and advise on how AI is governed.\n\nThe exam is scenario based and covers AI governance and risk, AI operations across the model lifecycle, and audit tools and techniques, including the use of AI inside the audit function.\n\nIt builds on an existing audit credential: candidates are expected to hold the CISA or a comparable audit or accounting qualification before applying.`,
  },
  {
    slug: 'advanced-in-ai-security-management-aaism',
    name: 'Advanced in AI Security Management (AAISM)',
    certCode: 'AAISM',
    vendor: 'ISACA',
    url: 'https://www.isaca.org/credentialing/aaism',
    description: `ISACA credential for security managers who are responsible for the safe adoption of AI across an enterprise.\n\nIts three domains are AI governance and programme management, AI risk management (threats, vulnerabilities and the AI supply chain) and AI technologies and controls, from security architecture to data and privacy safeguards.\n\nIt is an add-on to an established security management certification: candidates are expected to already hold the CISM or the CISSP.`,
  },
  {
    slug: 'cobit-2019-foundation',
    name: 'COBIT 2019 Foundation',
    certCode: 'COBIT 2019 Foundation',
    vendor: 'ISACA',
    url: 'https://www.isaca.org/credentialing/cobit',
    description: `Entry-level ISACA certificate on COBIT 2019, the framework for governing and managing enterprise information and technology.\n\nIt covers the governance system and its components, the governance and management objectives, design factors, performance management and how a tailored governance system is built.\n\nThere are no prerequisites; it suits auditors, risk and compliance staff, IT managers and consultants who work with COBIT.`,
  },
  // ---------------------------------------------------------------------------
  // EC-Council
  // ---------------------------------------------------------------------------
  {
    slug: 'certified-chief-information-security-officer-cciso',
    name: 'Certified Chief Information Security Officer (CCISO)',
    certCode: '712-50',
    vendor: 'EC-Council',
    url: 'https://www.eccouncil.org/train-certify/certified-chief-information-security-officer-cciso/',
    description: `EC-Council certification for senior security leaders, aimed at people who run or are about to run an information security function.\n\nIt covers governance and risk, security controls and audit management, programme management and operations, core security competencies, and strategic planning, finance, procurement and vendor management.\n\nEligibility is based on several years of experience across the CCISO domains, so it is not a starting point for newcomers.`,
  },
  {
    slug: 'certified-cybersecurity-technician-cct',
    name: 'Certified Cybersecurity Technician (CCT)',
    certCode: '212-82',
    vendor: 'EC-Council',
    url: 'https://www.eccouncil.org/train-certify/certified-cybersecurity-technician-cct/',
    description: `EC-Council's entry-level certification for people starting a career in IT security or security operations.\n\nIt spans network defence, ethical hacking basics, digital forensics and security operations fundamentals, and the exam mixes knowledge questions with practical tasks in a live range.\n\nNo prior security experience is expected; basic knowledge of networks and operating systems makes the material easier to follow.`,
  },
  {
    slug: 'ec-council-disaster-recovery-professional-edrp',
    name: 'EC-Council Disaster Recovery Professional (EDRP)',
    certCode: '312-76',
    vendor: 'EC-Council',
    url: 'https://www.eccouncil.org/train-certify/disaster-recovery-professional-edrp/',
    description: `EC-Council certification on business continuity and disaster recovery planning for IT systems.\n\nIt covers business impact analysis, risk assessment, recovery strategies, backup and data recovery, and how continuity and recovery plans are written, tested and kept up to date.\n\nIt targets IT and security staff, system administrators and continuity planners; experience in IT operations is assumed.`,
  },
  {
    slug: 'certified-cloud-security-engineer-ccse',
    name: 'Certified Cloud Security Engineer (CCSE)',
    certCode: '312-40',
    vendor: 'EC-Council',
    url: 'https://www.eccouncil.org/train-certify/certified-cloud-security-engineer-ccse/',
    description: `EC-Council certification for engineers who secure workloads on public cloud platforms.\n\nIt combines vendor-neutral cloud security concepts with hands-on practice on AWS, Azure and Google Cloud: identity and access, network and data security, security operations, incident response, and governance and compliance in the cloud.\n\nIt suits network and security administrators moving into cloud roles; networking and security basics are expected.`,
  },
  // ---------------------------------------------------------------------------
  // GIAC
  // ---------------------------------------------------------------------------
  {
    slug: 'giac-reverse-engineering-malware-grem',
    name: 'GIAC Reverse Engineering Malware (GREM)',
    certCode: 'GREM',
    vendor: 'GIAC',
    url: 'https://www.giac.org/certifications/reverse-engineering-malware-grem/',
    description: `GIAC certification for analysts who take malicious software apart to understand what it does and how to detect it.\n\nIt covers behavioural and code analysis of Windows malware, x86 assembly, debugging, unpacking and defeating anti-analysis tricks, and the analysis of malicious documents and scripts. It aligns with the SANS FOR610 course.\n\nComfort with Windows internals, networking and basic programming is expected.`,
  },
  {
    slug: 'giac-cyber-threat-intelligence-gcti',
    name: 'GIAC Cyber Threat Intelligence (GCTI)',
    certCode: 'GCTI',
    vendor: 'GIAC',
    url: 'https://www.giac.org/certifications/cyber-threat-intelligence-gcti/',
    description: `GIAC certification for threat intelligence analysts who turn raw data about adversaries into intelligence that defenders and decision makers can use.\n\nTopics include intelligence requirements, collection from malware and infrastructure, analysis of intrusions and campaigns, attribution, and sharing intelligence through standard models and formats. It aligns with SANS FOR578.\n\nIt suits SOC, incident response and intelligence staff with some security experience.`,
  },
  {
    slug: 'giac-web-application-penetration-tester-gwapt',
    name: 'GIAC Web Application Penetration Tester (GWAPT)',
    certCode: 'GWAPT',
    vendor: 'GIAC',
    url: 'https://www.giac.org/certifications/web-application-penetration-tester-gwapt/',
    description: `GIAC certification validating that you can test web applications methodically and exploit the flaws you find.\n\nIt covers reconnaissance and mapping, authentication and session weaknesses, injection flaws, cross-site scripting and request forgery, and testing modern application components. It aligns with the SANS SEC542 course.\n\nIt suits penetration testers and application security staff; knowledge of HTTP and web development helps.`,
  },
  {
    slug: 'giac-exploit-researcher-and-advanced-penetration-tester-gxpn',
    name: 'GIAC Exploit Researcher and Advanced Penetration Tester (GXPN)',
    certCode: 'GXPN',
    vendor: 'GIAC',
    url: 'https://www.giac.org/certifications/exploit-researcher-advanced-penetration-tester-gxpn/',
    description: `Advanced GIAC certification for penetration testers who write their own exploits and attack hardened environments.\n\nIt covers network attacks against access controls, cryptographic weaknesses, fuzzing, Python for attack tooling, and memory corruption exploits on Linux and Windows. It aligns with the SANS SEC660 course.\n\nSolid penetration testing experience, scripting skills and familiarity with assembly are expected.`,
  },
  {
    slug: 'giac-global-industrial-cyber-security-professional-gicsp',
    name: 'GIAC Global Industrial Cyber Security Professional (GICSP)',
    certCode: 'GICSP',
    vendor: 'GIAC',
    url: 'https://www.giac.org/certifications/global-industrial-cyber-security-professional-gicsp/',
    description: `GIAC certification that bridges IT security, engineering and operations for industrial control systems.\n\nIt covers ICS components and architectures, protocols, threats and attacks on operational technology, secure network design, access control and incident response in plants and utilities. It aligns with SANS ICS410.\n\nIt suits control engineers, OT support staff and security professionals moving into industrial environments.`,
  },
  {
    slug: 'giac-security-leadership-gslc',
    name: 'GIAC Security Leadership (GSLC)',
    certCode: 'GSLC',
    vendor: 'GIAC',
    url: 'https://www.giac.org/certifications/security-leadership-gslc/',
    description: `GIAC certification for security managers and team leads who must understand the technical side well enough to lead it.\n\nIt spans security programme and risk management, architecture and defensive technologies, vulnerability management, security operations and incident handling, and leading security teams. It aligns with SANS LDR512.\n\nIt suits new and aspiring security managers; general IT and security experience is assumed.`,
  },
  {
    slug: 'giac-certified-forensic-examiner-gcfe',
    name: 'GIAC Certified Forensic Examiner (GCFE)',
    certCode: 'GCFE',
    vendor: 'GIAC',
    url: 'https://www.giac.org/certifications/certified-forensic-examiner-gcfe/',
    description: `GIAC certification for investigators who examine Windows computers to reconstruct what users and attackers did.\n\nIt covers evidence acquisition, registry, file system and event log analysis, browser and email artefacts, and building timelines of activity. It aligns with SANS FOR500 and is a common step before the GCFA.\n\nIt suits forensic analysts, incident responders and investigators; good knowledge of Windows is expected.`,
  },
  {
    slug: 'giac-cloud-security-essentials-gcld',
    name: 'GIAC Cloud Security Essentials (GCLD)',
    certCode: 'GCLD',
    vendor: 'GIAC',
    url: 'https://www.giac.org/certifications/cloud-security-essentials-gcld/',
    description: `GIAC certification covering the core security controls of public cloud platforms such as AWS and Azure.\n\nIt covers identity and access management, network and data protection, logging and monitoring, compliance and securing cloud workloads and services. It aligns with the SANS SEC488 course.\n\nIt suits security and IT staff who are new to cloud security; general security knowledge is assumed.`,
  },
  // ---------------------------------------------------------------------------
  // OffSec
  // ---------------------------------------------------------------------------
  {
    slug: 'offsec-threat-hunter-osth',
    name: 'OffSec Threat Hunter (OSTH)',
    certCode: 'TH-200',
    vendor: 'OffSec',
    url: 'https://www.offsec.com/courses/th-200/',
    description: `OffSec certification for defenders who proactively search enterprise environments for signs of compromise.\n\nThe proctored, hands-on exam is a time-boxed threat hunting sprint: starting from a threat intelligence report, you hunt through SIEM data for the actor, identify compromised systems and indicators, and document the hunt in a report.\n\nIt matches the TH-200 course; SOC or incident response experience and log analysis skills are expected.`,
  },
  {
    slug: 'offsec-incident-responder-osir',
    name: 'OffSec Incident Responder (OSIR)',
    certCode: 'IR-200',
    vendor: 'OffSec',
    url: 'https://www.offsec.com/courses/ir-200/',
    description: `OffSec certification for incident responders who must detect, contain and investigate attacks in a live environment.\n\nIt covers the incident response lifecycle, log and endpoint analysis, basic forensics, malware triage and communicating findings, assessed through a hands-on exam and a written report.\n\nIt matches the IR-200 course and suits SOC analysts and responders; networking and operating system basics are expected.`,
  },
  // ---------------------------------------------------------------------------
  // PMI
  // ---------------------------------------------------------------------------
  {
    slug: 'program-management-professional-pgmp',
    name: 'Program Management Professional (PgMP)',
    certCode: 'PgMP',
    vendor: 'PMI',
    url: 'https://www.pmi.org/certifications/program-management-pgmp',
    description: `PMI certification for senior practitioners who manage programmes: groups of related projects coordinated to deliver strategic benefits.\n\nIt covers strategic alignment, benefits management, stakeholder engagement, programme governance and the programme lifecycle. Applications go through a panel review of experience before the exam.\n\nCandidates need several years of project and programme management experience on top of their education.`,
  },
  {
    slug: 'portfolio-management-professional-pfmp',
    name: 'Portfolio Management Professional (PfMP)',
    certCode: 'PfMP',
    vendor: 'PMI',
    url: 'https://www.pmi.org/certifications/portfolio-management-pfmp',
    description: `PMI's most senior certification, for executives and managers who run portfolios of projects and programmes to meet organisational objectives.\n\nIt covers strategic alignment, portfolio governance, performance, risk management and communication, focusing on choosing and balancing the right work rather than delivering it.\n\nEligibility requires many years of professional and portfolio management experience, checked through a panel review.`,
  },
  {
    slug: 'pmi-risk-management-professional-pmi-rmp',
    name: 'PMI Risk Management Professional (PMI-RMP)',
    certCode: 'PMI-RMP',
    vendor: 'PMI',
    url: 'https://www.pmi.org/certifications/risk-management-rmp',
    description: `PMI certification for practitioners who specialise in identifying, analysing and responding to project risk.\n\nIt covers risk strategy and planning, risk identification, qualitative and quantitative analysis, risk responses, and monitoring and closing risks across predictive and adaptive projects.\n\nEligibility combines project risk management experience with hours of risk management education.`,
  },
  // ---------------------------------------------------------------------------
  // PeopleCert
  // ---------------------------------------------------------------------------
  {
    slug: 'itil-4-specialist-create-deliver-and-support',
    name: 'ITIL 4 Specialist: Create, Deliver and Support',
    certCode: 'ITIL4-CDS',
    vendor: 'PeopleCert',
    url: 'https://www.peoplecert.org/browse-certifications/it-governance-and-service-management/ITIL-1',
    description: `ITIL 4 module for practitioners who build and run IT services day to day, and one of the modules towards ITIL 4 Managing Professional.\n\nIt covers service value streams, team organisation and culture, integrating practices such as service design, software development and incident handling, and using information and technology to create and support services.\n\nThe ITIL 4 Foundation certificate is required before taking the exam.`,
  },
  {
    slug: 'itil-4-strategist-direct-plan-and-improve',
    name: 'ITIL 4 Strategist: Direct, Plan and Improve',
    certCode: 'ITIL4-DPI',
    vendor: 'PeopleCert',
    url: 'https://www.peoplecert.org/browse-certifications/it-governance-and-service-management/ITIL-1',
    description: `ITIL 4 module for managers who set direction and drive continual improvement, shared by the Managing Professional and Strategic Leader paths.\n\nIt covers governance, risk and compliance, strategy and planning, measurement and reporting, organisational change management and improving value streams and practices.\n\nThe ITIL 4 Foundation certificate is required before taking the exam.`,
  },
  {
    slug: 'prince2-foundation',
    name: 'PRINCE2 Foundation',
    certCode: 'PRINCE2F',
    vendor: 'PeopleCert',
    url: 'https://www.peoplecert.org/',
    description: `Entry-level certification in PRINCE2, the process-based project management method widely used in the UK, Europe and the public sector.\n\nIt covers the principles, people, practices and processes of PRINCE2 and how the method is tailored to a project's context.\n\nThere are no prerequisites; it suits project team members, support staff and anyone starting to work on PRINCE2 projects.`,
  },
  {
    slug: 'prince2-practitioner',
    name: 'PRINCE2 Practitioner',
    certCode: 'PRINCE2P',
    vendor: 'PeopleCert',
    url: 'https://www.peoplecert.org/',
    description: `PRINCE2 certification showing that you can apply and tailor the method to manage a real project, not just describe it.\n\nThe scenario-based exam asks you to apply the principles, practices and processes to a case study, from starting up and directing a project to controlling stages and closing it.\n\nA Foundation-level PRINCE2 certificate, or one of several recognised project management credentials, is required first.`,
  },
  // ---------------------------------------------------------------------------
  // Scrum.org
  // ---------------------------------------------------------------------------
  {
    slug: 'professional-scrum-master-ii-psm-ii',
    name: 'Professional Scrum Master II (PSM II)',
    certCode: 'PSM II',
    vendor: 'Scrum.org',
    url: 'https://www.scrum.org/assessments/professional-scrum-master-ii-certification',
    description: `Advanced Scrum.org certification for Scrum Masters who apply Scrum in difficult, real situations rather than just knowing its rules.\n\nThe scenario-based assessment covers facilitation, coaching and mentoring, removing organisational impediments, helping teams self-manage and maximising product value.\n\nSeveral years of experience as a Scrum Master and a solid grasp of the Scrum Guide are expected; PSM I is the usual stepping stone.`,
  },
  {
    slug: 'professional-scrum-master-iii-psm-iii',
    name: 'Professional Scrum Master III (PSM III)',
    certCode: 'PSM III',
    vendor: 'Scrum.org',
    url: 'https://www.scrum.org/assessments/professional-scrum-master-iii-certification',
    description: `Scrum.org's highest Scrum Master certification, for practitioners who guide multiple teams and whole organisations in using Scrum.\n\nThe assessment uses open-ended, essay-style questions that require you to explain and defend your approach to complex scenarios.\n\nIt is meant for very experienced Scrum Masters and agile coaches; most candidates hold PSM II first.`,
  },
  {
    slug: 'professional-scrum-product-owner-ii-pspo-ii',
    name: 'Professional Scrum Product Owner II (PSPO II)',
    certCode: 'PSPO II',
    vendor: 'Scrum.org',
    url: 'https://www.scrum.org/assessments/professional-scrum-product-owner-ii-certification',
    description: `Advanced Scrum.org certification for Product Owners who create value through product strategy, not only backlog management.\n\nThe scenario-based assessment covers product vision and strategy, stakeholder engagement, business models, forecasting and release management, and measuring value.\n\nIt suits experienced Product Owners and product managers; PSPO I is the usual stepping stone.`,
  },
  {
    slug: 'professional-scrum-developer-i-psd-i',
    name: 'Professional Scrum Developer I (PSD I)',
    certCode: 'PSD I',
    vendor: 'Scrum.org',
    url: 'https://www.scrum.org/assessments/professional-scrum-developer-certification',
    description: `Scrum.org certification for developers working in Scrum teams, combining the Scrum framework with modern engineering practices.\n\nIt covers Scrum theory and events, the Definition of Done, test-driven development, continuous integration and delivery, emergent architecture and code quality.\n\nIt suits software engineers, testers and other team members who build the product; no prerequisite is required.`,
  },
  {
    slug: 'professional-agile-leadership-pal-i',
    name: 'Professional Agile Leadership (PAL-I)',
    certCode: 'PAL-I',
    vendor: 'Scrum.org',
    url: 'https://www.scrum.org/assessments/professional-agile-leadership-certification',
    description: `Scrum.org certification for managers and leaders who support agile teams and agile transformations.\n\nIt covers why organisations adopt agility, how leadership and management styles must change, creating an environment for self-managing teams, and measuring progress through value.\n\nIt suits executives, line managers and change leaders; no prior Scrum certification is needed.`,
  },
  {
    slug: 'professional-scrum-with-kanban-psk-i',
    name: 'Professional Scrum with Kanban (PSK I)',
    certCode: 'PSK I',
    vendor: 'Scrum.org',
    url: 'https://www.scrum.org/assessments/professional-scrum-kanban-certification',
    description: `Scrum.org certification on using Kanban practices inside Scrum to improve flow and transparency.\n\nIt covers visualising work, limiting work in progress, actively managing flow, flow metrics such as cycle time and throughput, and how these practices fit Scrum's events and artefacts.\n\nIt suits Scrum Masters, Product Owners and team members who already know Scrum.`,
  },
  // ---------------------------------------------------------------------------
  // IAPP
  // ---------------------------------------------------------------------------
  {
    slug: 'certified-information-privacy-professional-europe-cipp-e',
    name: 'Certified Information Privacy Professional/Europe (CIPP/E)',
    certCode: 'CIPP/E',
    vendor: 'IAPP',
    url: 'https://iapp.org/certify/cippe/',
    description: `IAPP certification in European data protection law, centred on the GDPR and the institutions and rules around it.\n\nIt covers the European legal framework, key GDPR concepts and principles, data subject rights, controller and processor duties, international transfers, supervision and enforcement.\n\nThere are no formal prerequisites; it suits privacy officers, lawyers, compliance staff and anyone handling personal data of people in Europe.`,
  },
  {
    slug: 'certified-information-privacy-professional-us-cipp-us',
    name: 'Certified Information Privacy Professional/United States (CIPP/US)',
    certCode: 'CIPP/US',
    vendor: 'IAPP',
    url: 'https://iapp.org/certify/cippus/',
    description: `IAPP certification in US privacy law for the private sector.\n\nIt covers the US legal system and regulators, federal sector laws on health, financial and children's data, state privacy and breach laws, workplace privacy, marketing rules and international data transfers.\n\nThere are no formal prerequisites; it suits privacy, legal and compliance professionals working with US personal data.`,
  },
  {
    slug: 'certified-information-privacy-manager-cipm',
    name: 'Certified Information Privacy Manager (CIPM)',
    certCode: 'CIPM',
    vendor: 'IAPP',
    url: 'https://iapp.org/certify/cipm/',
    description: `IAPP certification on running a privacy programme inside an organisation, independent of any single jurisdiction.\n\nIt covers programme governance, policies, assessments such as DPIAs, data subject requests, training and awareness, privacy incidents, and measuring and reporting programme performance.\n\nThere are no formal prerequisites; it suits privacy managers and data protection officers.`,
  },
  {
    slug: 'certified-information-privacy-technologist-cipt',
    name: 'Certified Information Privacy Technologist (CIPT)',
    certCode: 'CIPT',
    vendor: 'IAPP',
    url: 'https://iapp.org/certify/cipt/',
    description: `IAPP certification for technology professionals who build privacy into systems, products and data flows.\n\nIt covers privacy by design, privacy risks in technology, data protection techniques such as minimisation and de-identification, privacy engineering, and privacy issues of emerging technologies.\n\nThere are no formal prerequisites; it suits engineers, architects, security staff and product managers.`,
  },
  {
    slug: 'artificial-intelligence-governance-professional-aigp',
    name: 'Artificial Intelligence Governance Professional (AIGP)',
    certCode: 'AIGP',
    vendor: 'IAPP',
    url: 'https://iapp.org/certify/aigp/',
    description: `IAPP certification for professionals who govern the development and use of AI systems responsibly.\n\nIt covers AI foundations and risks, how existing laws and new AI regulations such as the EU AI Act apply, AI governance frameworks and standards, and governing AI through development, deployment and use.\n\nThere are no formal prerequisites; it suits privacy, legal, risk, compliance and technology staff involved in AI.`,
  },
  // ---------------------------------------------------------------------------
  // Cloud Security Alliance
  // ---------------------------------------------------------------------------
  {
    slug: 'certificate-of-cloud-security-knowledge-ccsk',
    name: 'Certificate of Cloud Security Knowledge (CCSK)',
    certCode: 'CCSK',
    vendor: 'Cloud Security Alliance',
    url: 'https://cloudsecurityalliance.org/education/ccsk',
    description: `Vendor-neutral cloud security certificate from the Cloud Security Alliance, based on its Security Guidance for cloud computing.\n\nVersion 5 covers cloud governance, risk and compliance, identity, workload, network and data security, application security, security monitoring and incident response, zero trust and AI in the cloud.\n\nThe online exam is open book; there are no prerequisites, though general security knowledge helps.`,
  },
  {
    slug: 'certificate-of-competence-in-zero-trust-cczt',
    name: 'Certificate of Competence in Zero Trust (CCZT)',
    certCode: 'CCZT',
    vendor: 'Cloud Security Alliance',
    url: 'https://cloudsecurityalliance.org/education/cczt',
    description: `Cloud Security Alliance certificate on the concepts and practical planning of zero trust architectures.\n\nIt covers zero trust principles and reference architectures, software-defined perimeter, identity and device trust, and how to plan and implement a zero trust strategy in cloud and hybrid environments.\n\nThere are no prerequisites; it suits security architects, engineers and managers leading zero trust initiatives.`,
  },
  {
    slug: 'certificate-of-cloud-auditing-knowledge-ccak',
    name: 'Certificate of Cloud Auditing Knowledge (CCAK)',
    certCode: 'CCAK',
    vendor: 'Cloud Security Alliance',
    url: 'https://cloudsecurityalliance.org/education/ccak',
    description: `Certificate developed by the Cloud Security Alliance with ISACA for auditors and assurance professionals who assess cloud services.\n\nIt covers cloud governance and compliance, the Cloud Controls Matrix, the STAR programme, cloud audit planning and evidence, and continuous assurance.\n\nNo prerequisites are set, but experience in IT audit, risk or compliance is expected.`,
  },
  {
    slug: 'trusted-ai-safety-expert-taise',
    name: 'Trusted AI Safety Expert (TAISE)',
    certCode: 'TAISE',
    vendor: 'Cloud Security Alliance',
    url: 'https://cloudsecurityalliance.org/education/taise',
    description: `Cloud Security Alliance certificate on the safe and secure development, deployment and governance of AI systems.\n\nIt covers AI fundamentals, AI risks and threats, governance and regulation, responsible AI practices and securing AI in cloud environments.\n\nIt suits security, risk, governance and technology professionals who work with AI; general security and cloud knowledge is assumed.`,
  },
  // ---------------------------------------------------------------------------
  // The Open Group
  // ---------------------------------------------------------------------------
  {
    slug: 'togaf-enterprise-architecture-foundation',
    name: 'TOGAF Enterprise Architecture Foundation',
    certCode: 'OGEA-101',
    vendor: 'The Open Group',
    url: 'https://www.opengroup.org/certifications/togaf-portfolio-faq',
    description: `Entry-level certification in the TOGAF Standard, 10th Edition, the widely used framework for enterprise architecture.\n\nIt covers enterprise architecture concepts, the Architecture Development Method and its phases, architecture governance, the content framework and the Enterprise Continuum.\n\nThere are no prerequisites; it suits new architects and anyone who works alongside an architecture practice.`,
  },
  {
    slug: 'togaf-enterprise-architecture-practitioner',
    name: 'TOGAF Enterprise Architecture Practitioner',
    certCode: 'OGEA-103',
    vendor: 'The Open Group',
    url: 'https://www.opengroup.org/certifications/togaf-portfolio-faq',
    description: `TOGAF certification showing that you can apply the TOGAF Standard, 10th Edition, to real architecture work.\n\nIts scenario-based questions test how to tailor the Architecture Development Method, handle stakeholders, define architecture content, and manage risk, change and governance. It can be taken as one combined exam or as Part 2 after the Foundation.\n\nIt suits practising and aspiring enterprise architects.`,
  },
  {
    slug: 'togaf-business-architecture-foundation',
    name: 'TOGAF Business Architecture Foundation',
    certCode: 'OGBA-101',
    vendor: 'The Open Group',
    url: 'https://www.opengroup.org/certifications/togaf-portfolio-faq',
    description: `TOGAF certification focused on business architecture as described in the TOGAF Standard, 10th Edition.\n\nIt covers business models, business capabilities, value streams, information concepts and how business architecture connects strategy to change initiatives.\n\nThere are no prerequisites; it suits business architects, analysts and strategy staff.`,
  },
  {
    slug: 'archimate-3-foundation',
    name: 'ArchiMate 3 Foundation',
    certCode: 'OGA-031',
    vendor: 'The Open Group',
    url: 'https://www.opengroup.org/certifications/archimate',
    description: `Entry-level certification in ArchiMate 3, The Open Group's modelling language for describing enterprise architectures.\n\nIt covers the language structure and layers, elements and relationships for business, application and technology, viewpoints, and how ArchiMate relates to TOGAF.\n\nThere are no prerequisites; it suits architects and analysts who create or read architecture models.`,
  },
  {
    slug: 'open-fair-foundation',
    name: 'Open FAIR Foundation',
    certCode: 'Open FAIR Part 1',
    vendor: 'The Open Group',
    url: 'https://www.opengroup.org/certifications/openfair-individual-certification',
    description: `Certification in the Open FAIR body of knowledge, The Open Group standard for quantitative analysis of information and cyber risk.\n\nIt covers the FAIR risk taxonomy, loss event frequency and loss magnitude, measurement and calibrated estimation, and running and communicating a risk analysis.\n\nThere are no prerequisites; it suits risk analysts, security and risk managers, and auditors.`,
  },
];

const VERIFIED = '2026-11-24';

const ISC2_EXAMS = 'https://www.isc2.org/exams/before-your-exam';
const ISC2_MAINTENANCE = 'https://www.isc2.org/policies-procedures/member-policies';
const ISACA_AAIA_OUTLINE = 'https://www.isaca.org/credentialing/aaia/aaia-exam-content-outline';
const ISACA_AAISM_OUTLINE = 'https://www.isaca.org/credentialing/aaism/aaism-exam-content-outline';
const ECC_ECE = 'https://cert.eccouncil.org/ece-policy.html';
const GIAC_PROCTOR = 'https://www.giac.org/exams/proctor/';
const OFFSEC_CPE = 'https://help.offsec.com/hc/en-us/articles/35366391096596';
const OFFSEC_OSTH_GUIDE = 'https://help.offsec.com/hc/en-us/articles/29141776768148-OSTH-Exam-Guide-Newly-Updated';
const IAPP_FAQ = 'https://iapp.org/certify/faqs/';
const OPEN_FAIR = 'https://www.opengroup.org/certifications/openfair-individual-certification';

/** ISC2: a three-year cycle with CPE credits and an annual maintenance fee. */
const isc2Renewal = (cpe: number): Pick<SeedFacts, 'validityMonths' | 'renewal'> => ({
  validityMonths: 36,
  renewal: `Earn ${cpe} CPE credits over each three-year cycle and pay the ISC2 annual maintenance fee.`,
});

const ISC2_CONCENTRATION: Pick<SeedFacts, 'validityMonths' | 'renewal' | 'prerequisites' | 'factsSource' | 'factsVerifiedAt'> = {
  validityMonths: 36,
  renewal:
    'Keep the CISSP in good standing and earn 20 Group A CPE credits related to the concentration in each three-year cycle.',
  prerequisites: [{ slug: 'certified-information-systems-security-professional-cissp', kind: 'REQUIRED' }],
  factsSource: ISC2_MAINTENANCE,
  factsVerifiedAt: VERIFIED,
};

/** EC-Council: every certification in the ECE scheme runs on a three-year cycle. */
const ECC_RENEWAL: Pick<SeedFacts, 'validityMonths' | 'renewal' | 'factsSource' | 'factsVerifiedAt'> = {
  validityMonths: 36,
  renewal: 'Earn 120 EC-Council Continuing Education (ECE) credits within each three-year cycle.',
  factsSource: ECC_ECE,
  factsVerifiedAt: VERIFIED,
};

/** GIAC: every exam is proctored, at a Pearson VUE centre or remotely through ProctorU; certifications run four years. */
const GIAC_EXAM: Pick<SeedFacts, 'exam' | 'validityMonths' | 'renewal' | 'factsSource' | 'factsVerifiedAt'> = {
  validityMonths: 48,
  renewal: 'Renew every four years by earning CPE credits and paying the GIAC renewal fee.',
  exam: {
    costUsd: null,
    durationMinutes: null,
    questionCount: null,
    passingScore: null,
    formats: [],
    delivery: ['TEST_CENTER', 'ONLINE_PROCTORED'],
  },
  factsSource: GIAC_PROCTOR,
  factsVerifiedAt: VERIFIED,
};

/** OffSec certifications that do not expire. */
const OFFSEC_LIFETIME: Pick<SeedFacts, 'validityMonths' | 'renewal' | 'factsSource' | 'factsVerifiedAt'> = {
  validityMonths: null,
  renewal: 'Does not expire; no renewal is required.',
  factsSource: OFFSEC_CPE,
  factsVerifiedAt: VERIFIED,
};

const OFFSEC_EXPIRING_RENEWAL =
  'Earn 120 CPE credits over each three-year cycle and keep annual coverage through the OffSec Annual Membership Program or the Annual Maintenance Fee.';

/** IAPP exam lengths from the certification FAQ. */
const iappExam = (questionCount: number, durationMinutes: number): Pick<SeedFacts, 'exam' | 'factsSource' | 'factsVerifiedAt'> => ({
  exam: { costUsd: null, durationMinutes, questionCount, passingScore: null, formats: [], delivery: [] },
  factsSource: IAPP_FAQ,
  factsVerifiedAt: VERIFIED,
});

/** IAPP CIPP, CIPM and CIPT: a two-year term (Continuing Privacy Education policy). */
const IAPP_RENEWAL: Pick<SeedFacts, 'validityMonths' | 'renewal'> = {
  validityMonths: 24,
  renewal:
    'Earn 20 continuing privacy education (CPE) credits in each two-year term and pay the certification maintenance fee, which IAPP membership includes.',
};

/** Facts of ISC2, ISACA, EC-Council, GIAC, OffSec, PMI, PeopleCert, Scrum.org, IAPP, Cloud Security Alliance and The Open Group certifications, old and new, by slug. */
export const facts: Record<string, SeedFacts> = {
  // ISC2
  'certified-in-cybersecurity-cc': { level: 'FOUNDATIONAL', domains: ['security'] },
  'systems-security-certified-practitioner-sscp': {
    level: 'ASSOCIATE',
    domains: ['security', 'infrastructure'],
    ...isc2Renewal(60),
    prerequisiteNotes:
      'One year of cumulative paid work experience in one or more of the SSCP domains; without it, passing makes you an Associate of ISC2.',
    factsSource: ISC2_MAINTENANCE,
    factsVerifiedAt: VERIFIED,
  },
  'certified-information-systems-security-professional-cissp': {
    level: 'PROFESSIONAL',
    domains: ['security', 'governance-risk-compliance'],
    exam: {
      costUsd: null,
      durationMinutes: 180,
      questionCount: null,
      passingScore: null,
      formats: ['MULTIPLE_CHOICE'],
      delivery: ['TEST_CENTER'],
    },
    ...isc2Renewal(120),
    prerequisiteNotes:
      'Five years of cumulative paid work experience in two or more CISSP domains; a four-year degree or an approved credential can waive one year.',
    factsSource: ISC2_EXAMS,
    factsVerifiedAt: VERIFIED,
  },
  'certified-cloud-security-professional-ccsp': {
    level: 'PROFESSIONAL',
    domains: ['security', 'cloud'],
    ...isc2Renewal(90),
    factsSource: ISC2_MAINTENANCE,
    factsVerifiedAt: VERIFIED,
  },
  'certified-secure-software-lifecycle-professional-csslp': {
    level: 'PROFESSIONAL',
    domains: ['security', 'software-development'],
    ...isc2Renewal(90),
    factsSource: ISC2_MAINTENANCE,
    factsVerifiedAt: VERIFIED,
  },
  'certified-in-governance-risk-and-compliance-cgrc': {
    level: 'ASSOCIATE',
    domains: ['governance-risk-compliance', 'security'],
    ...isc2Renewal(60),
    previousCodes: ['CAP'],
    factsSource: ISC2_MAINTENANCE,
    factsVerifiedAt: VERIFIED,
  },
  'information-systems-security-architecture-professional-cissp-issap': {
    level: 'EXPERT',
    domains: ['security'],
    ...ISC2_CONCENTRATION,
  },
  'information-systems-security-engineering-professional-cissp-issep': {
    level: 'EXPERT',
    domains: ['security'],
    ...ISC2_CONCENTRATION,
  },
  'information-systems-security-management-professional-cissp-issmp': {
    level: 'EXPERT',
    domains: ['security', 'governance-risk-compliance'],
    ...ISC2_CONCENTRATION,
  },

  // ISACA
  'certified-information-systems-auditor-cisa': {
    level: 'PROFESSIONAL',
    domains: ['governance-risk-compliance', 'security'],
  },
  'certified-information-security-manager-cism': {
    level: 'PROFESSIONAL',
    domains: ['security', 'governance-risk-compliance'],
  },
  'certified-in-risk-and-information-systems-control-crisc': {
    level: 'PROFESSIONAL',
    domains: ['governance-risk-compliance', 'security'],
  },
  'certified-in-the-governance-of-enterprise-it-cgeit': {
    level: 'PROFESSIONAL',
    domains: ['governance-risk-compliance'],
  },
  'certified-data-privacy-solutions-engineer-cdpse': {
    level: 'PROFESSIONAL',
    domains: ['governance-risk-compliance', 'security', 'data-ai'],
  },
  'certified-cybersecurity-operations-analyst-ccoa': { level: 'ASSOCIATE', domains: ['security'] },
  'advanced-in-ai-audit-aaia': {
    level: 'SPECIALTY',
    domains: ['governance-risk-compliance', 'data-ai'],
    exam: { costUsd: null, durationMinutes: null, questionCount: 90, passingScore: null, formats: [], delivery: [] },
    factsSource: ISACA_AAIA_OUTLINE,
    factsVerifiedAt: VERIFIED,
  },
  'advanced-in-ai-security-management-aaism': {
    level: 'SPECIALTY',
    domains: ['security', 'data-ai', 'governance-risk-compliance'],
    exam: { costUsd: null, durationMinutes: null, questionCount: 90, passingScore: null, formats: [], delivery: [] },
    factsSource: ISACA_AAISM_OUTLINE,
    factsVerifiedAt: VERIFIED,
  },
  'cobit-2019-foundation': { level: 'FOUNDATIONAL', domains: ['governance-risk-compliance'] },

  // EC-Council
  'certified-ethical-hacker-ceh': { level: 'ASSOCIATE', domains: ['security'], ...ECC_RENEWAL },
  'certified-network-defender-cnd': { level: 'ASSOCIATE', domains: ['security', 'networking'], ...ECC_RENEWAL },
  'computer-hacking-forensic-investigator-chfi': { level: 'SPECIALTY', domains: ['security'], ...ECC_RENEWAL },
  'ec-council-certified-incident-handler-ecih': { level: 'ASSOCIATE', domains: ['security'], ...ECC_RENEWAL },
  'certified-threat-intelligence-analyst-ctia': { level: 'SPECIALTY', domains: ['security'], ...ECC_RENEWAL },
  'certified-soc-analyst-csa': { level: 'ASSOCIATE', domains: ['security'], ...ECC_RENEWAL },
  'certified-penetration-testing-professional-cpent': {
    level: 'PROFESSIONAL',
    domains: ['security'],
    ...ECC_RENEWAL,
    prerequisites: [{ slug: 'certified-ethical-hacker-ceh', kind: 'RECOMMENDED' }],
  },
  'certified-chief-information-security-officer-cciso': {
    level: 'PROFESSIONAL',
    domains: ['security', 'governance-risk-compliance'],
    ...ECC_RENEWAL,
  },
  'certified-cybersecurity-technician-cct': {
    level: 'FOUNDATIONAL',
    domains: ['security', 'networking'],
    ...ECC_RENEWAL,
  },
  'ec-council-disaster-recovery-professional-edrp': {
    level: 'SPECIALTY',
    domains: ['infrastructure', 'governance-risk-compliance'],
    ...ECC_RENEWAL,
  },
  'certified-cloud-security-engineer-ccse': { level: 'SPECIALTY', domains: ['cloud', 'security'], ...ECC_RENEWAL },

  // GIAC
  'giac-security-essentials-gsec': { level: 'ASSOCIATE', domains: ['security'], ...GIAC_EXAM },
  'giac-certified-incident-handler-gcih': { level: 'SPECIALTY', domains: ['security'], ...GIAC_EXAM },
  'giac-penetration-tester-gpen': { level: 'SPECIALTY', domains: ['security'], ...GIAC_EXAM },
  'giac-certified-intrusion-analyst-gcia': { level: 'SPECIALTY', domains: ['security', 'networking'], ...GIAC_EXAM },
  'giac-certified-forensic-analyst-gcfa': {
    level: 'SPECIALTY',
    domains: ['security'],
    ...GIAC_EXAM,
    prerequisites: [{ slug: 'giac-certified-forensic-examiner-gcfe', kind: 'RECOMMENDED' }],
  },
  'giac-reverse-engineering-malware-grem': { level: 'SPECIALTY', domains: ['security'], ...GIAC_EXAM },
  'giac-cyber-threat-intelligence-gcti': { level: 'SPECIALTY', domains: ['security'], ...GIAC_EXAM },
  'giac-web-application-penetration-tester-gwapt': {
    level: 'SPECIALTY',
    domains: ['security', 'software-development'],
    ...GIAC_EXAM,
  },
  'giac-exploit-researcher-and-advanced-penetration-tester-gxpn': {
    level: 'SPECIALTY',
    domains: ['security'],
    ...GIAC_EXAM,
    prerequisites: [{ slug: 'giac-penetration-tester-gpen', kind: 'RECOMMENDED' }],
  },
  'giac-global-industrial-cyber-security-professional-gicsp': {
    level: 'SPECIALTY',
    domains: ['security', 'infrastructure'],
    ...GIAC_EXAM,
  },
  'giac-security-leadership-gslc': {
    level: 'SPECIALTY',
    domains: ['security', 'governance-risk-compliance'],
    ...GIAC_EXAM,
  },
  'giac-certified-forensic-examiner-gcfe': { level: 'SPECIALTY', domains: ['security'], ...GIAC_EXAM },
  'giac-cloud-security-essentials-gcld': { level: 'SPECIALTY', domains: ['cloud', 'security'], ...GIAC_EXAM },

  // OffSec
  'offsec-certified-professional-oscp': {
    level: 'ASSOCIATE',
    domains: ['security'],
    validityMonths: null,
    renewal:
      'The OSCP does not expire; the OSCP+ awarded with it expires after three years unless renewed with 120 CPE credits and annual AMP or AMF coverage.',
    factsSource: OFFSEC_CPE,
    factsVerifiedAt: VERIFIED,
  },
  'offsec-experienced-penetration-tester-osep': {
    level: 'PROFESSIONAL',
    domains: ['security'],
    ...OFFSEC_LIFETIME,
    prerequisites: [{ slug: 'offsec-certified-professional-oscp', kind: 'RECOMMENDED' }],
  },
  'offsec-web-expert-oswe': { level: 'PROFESSIONAL', domains: ['security', 'software-development'], ...OFFSEC_LIFETIME },
  'offsec-web-assessor-oswa': { level: 'ASSOCIATE', domains: ['security', 'software-development'], ...OFFSEC_LIFETIME },
  'offsec-exploit-developer-osed': { level: 'PROFESSIONAL', domains: ['security'], ...OFFSEC_LIFETIME },
  'offsec-defense-analyst-osda': { level: 'ASSOCIATE', domains: ['security'], ...OFFSEC_LIFETIME },
  'offsec-wireless-professional-oswp': { level: 'SPECIALTY', domains: ['security', 'networking'], ...OFFSEC_LIFETIME },
  'offsec-exploitation-expert-osee': {
    level: 'EXPERT',
    domains: ['security'],
    ...OFFSEC_LIFETIME,
    prerequisites: [{ slug: 'offsec-exploit-developer-osed', kind: 'RECOMMENDED' }],
  },
  'offsec-threat-hunter-osth': {
    level: 'ASSOCIATE',
    domains: ['security'],
    exam: {
      costUsd: null,
      durationMinutes: 480,
      questionCount: null,
      passingScore: null,
      formats: ['HANDS_ON_LAB'],
      delivery: ['ONLINE_PROCTORED'],
    },
    validityMonths: 36,
    renewal: OFFSEC_EXPIRING_RENEWAL,
    factsSource: OFFSEC_OSTH_GUIDE,
    factsVerifiedAt: VERIFIED,
  },
  'offsec-incident-responder-osir': {
    level: 'ASSOCIATE',
    domains: ['security'],
    validityMonths: 36,
    renewal: OFFSEC_EXPIRING_RENEWAL,
    factsSource: OFFSEC_CPE,
    factsVerifiedAt: VERIFIED,
  },

  // PMI
  'project-management-professional-pmp': { level: 'PROFESSIONAL', domains: ['project-management'] },
  'certified-associate-in-project-management-capm': { level: 'FOUNDATIONAL', domains: ['project-management'] },
  'pmi-agile-certified-practitioner-pmi-acp': { level: 'SPECIALTY', domains: ['project-management'] },
  'program-management-professional-pgmp': { level: 'PROFESSIONAL', domains: ['project-management'] },
  'portfolio-management-professional-pfmp': {
    level: 'EXPERT',
    domains: ['project-management', 'governance-risk-compliance'],
  },
  'pmi-risk-management-professional-pmi-rmp': {
    level: 'SPECIALTY',
    domains: ['project-management', 'governance-risk-compliance'],
  },

  // PeopleCert
  'itil-4-foundation': { level: 'FOUNDATIONAL', domains: ['infrastructure', 'governance-risk-compliance'] },
  'itil-4-specialist-create-deliver-and-support': {
    level: 'SPECIALTY',
    domains: ['infrastructure', 'devops'],
    prerequisites: [{ slug: 'itil-4-foundation', kind: 'REQUIRED' }],
  },
  'itil-4-strategist-direct-plan-and-improve': {
    level: 'PROFESSIONAL',
    domains: ['governance-risk-compliance', 'infrastructure'],
    prerequisites: [{ slug: 'itil-4-foundation', kind: 'REQUIRED' }],
  },
  'prince2-foundation': { level: 'FOUNDATIONAL', domains: ['project-management'] },
  'prince2-practitioner': {
    level: 'ASSOCIATE',
    domains: ['project-management'],
    prerequisites: [{ slug: 'prince2-foundation', kind: 'RECOMMENDED' }],
  },

  // Scrum.org
  'professional-scrum-master-i-psm-i': { level: 'FOUNDATIONAL', domains: ['project-management'] },
  'professional-scrum-product-owner-i-pspo-i': { level: 'FOUNDATIONAL', domains: ['project-management'] },
  'professional-scrum-master-ii-psm-ii': {
    level: 'PROFESSIONAL',
    domains: ['project-management'],
    prerequisites: [{ slug: 'professional-scrum-master-i-psm-i', kind: 'RECOMMENDED' }],
  },
  'professional-scrum-master-iii-psm-iii': {
    level: 'EXPERT',
    domains: ['project-management'],
    prerequisites: [{ slug: 'professional-scrum-master-ii-psm-ii', kind: 'RECOMMENDED' }],
  },
  'professional-scrum-product-owner-ii-pspo-ii': {
    level: 'PROFESSIONAL',
    domains: ['project-management'],
    prerequisites: [{ slug: 'professional-scrum-product-owner-i-pspo-i', kind: 'RECOMMENDED' }],
  },
  'professional-scrum-developer-i-psd-i': {
    level: 'FOUNDATIONAL',
    domains: ['software-development', 'project-management'],
  },
  'professional-agile-leadership-pal-i': { level: 'FOUNDATIONAL', domains: ['project-management'] },
  'professional-scrum-with-kanban-psk-i': { level: 'FOUNDATIONAL', domains: ['project-management'] },

  // IAPP
  'certified-information-privacy-professional-europe-cipp-e': {
    level: 'SPECIALTY',
    domains: ['governance-risk-compliance'],
    ...iappExam(90, 150),
    ...IAPP_RENEWAL,
  },
  'certified-information-privacy-professional-us-cipp-us': {
    level: 'SPECIALTY',
    domains: ['governance-risk-compliance'],
    ...iappExam(90, 150),
    ...IAPP_RENEWAL,
  },
  'certified-information-privacy-manager-cipm': {
    level: 'SPECIALTY',
    domains: ['governance-risk-compliance'],
    ...iappExam(90, 150),
    ...IAPP_RENEWAL,
  },
  'certified-information-privacy-technologist-cipt': {
    level: 'SPECIALTY',
    domains: ['governance-risk-compliance', 'security'],
    ...iappExam(90, 150),
    ...IAPP_RENEWAL,
  },
  'artificial-intelligence-governance-professional-aigp': {
    level: 'SPECIALTY',
    domains: ['governance-risk-compliance', 'data-ai'],
    ...iappExam(100, 180),
  },

  // Cloud Security Alliance
  'certificate-of-cloud-security-knowledge-ccsk': { level: 'ASSOCIATE', domains: ['cloud', 'security'] },
  'certificate-of-competence-in-zero-trust-cczt': { level: 'SPECIALTY', domains: ['security', 'cloud'] },
  'certificate-of-cloud-auditing-knowledge-ccak': {
    level: 'SPECIALTY',
    domains: ['cloud', 'governance-risk-compliance'],
  },
  'trusted-ai-safety-expert-taise': { level: 'SPECIALTY', domains: ['data-ai', 'security'] },

  // The Open Group
  'togaf-enterprise-architecture-foundation': {
    level: 'FOUNDATIONAL',
    domains: ['infrastructure', 'governance-risk-compliance'],
  },
  'togaf-enterprise-architecture-practitioner': {
    level: 'ASSOCIATE',
    domains: ['infrastructure', 'governance-risk-compliance'],
    prerequisites: [{ slug: 'togaf-enterprise-architecture-foundation', kind: 'RECOMMENDED' }],
  },
  'togaf-business-architecture-foundation': { level: 'FOUNDATIONAL', domains: ['governance-risk-compliance'] },
  'archimate-3-foundation': { level: 'FOUNDATIONAL', domains: ['software-development', 'infrastructure'] },
  'open-fair-foundation': {
    level: 'FOUNDATIONAL',
    domains: ['governance-risk-compliance', 'security'],
    exam: {
      costUsd: null,
      durationMinutes: null,
      questionCount: 80,
      passingScore: '70%',
      formats: ['MULTIPLE_CHOICE'],
      delivery: [],
    },
    factsSource: OPEN_FAIR,
    factsVerifiedAt: VERIFIED,
  },
};
