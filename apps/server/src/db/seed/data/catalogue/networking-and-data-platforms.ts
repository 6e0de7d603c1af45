import type { SeedCertification, SeedFacts } from '../types.js';

/**
 * Certifications of Juniper Networks, Palo Alto Networks, Fortinet, Databricks, MongoDB, Elastic, Confluent and
 * Nutanix, and more of Google Cloud, Microsoft, CompTIA, HashiCorp and Salesforce, added to the first catalogue.
 * Level and domains are the catalogue's classification (docs/catalogue.md). No exam fact is given here: none was
 * read on a stored copy of the vendor's own page, so the facts are left for members to add through revisions.
 */
export const certifications: SeedCertification[] = [
  // ---------------------------------------------------------------------------
  // Juniper Networks
  // ---------------------------------------------------------------------------
  {
    slug: 'juniper-jncia-junos',
    name: 'Juniper Networks Certified Associate, Junos (JNCIA-Junos)',
    certCode: 'JNCIA-Junos',
    vendor: 'Juniper Networks',
    url: 'https://www.juniper.net/us/en/training/certification.html',
    description: `Juniper's entry-level networking certification and the starting point of its Junos tracks.\n\nIt checks networking fundamentals and the basics of the Junos operating system: its architecture with separate control and forwarding planes, the command line and its commit model, initial configuration, monitoring, routing fundamentals, and routing policy and firewall filters.\n\nIt suits people new to Juniper equipment; the specialist exams of the enterprise, security and service provider tracks build on it.`,
  },
  {
    slug: 'juniper-jncis-ent',
    name: 'Juniper Networks Certified Specialist, Enterprise Routing and Switching (JNCIS-ENT)',
    certCode: 'JNCIS-ENT',
    vendor: 'Juniper Networks',
    url: 'https://www.juniper.net/us/en/training/certification.html',
    description: `Specialist-level Juniper certification for engineers who run enterprise campus and branch networks on Junos devices.\n\nIt covers Layer 2 switching and VLANs, spanning tree, Layer 2 security, protocol-independent routing, OSPF, IS-IS, BGP, tunnels and high availability features.\n\nHolding the JNCIA-Junos is a requirement; the JNCIP-ENT is the next step on the track.`,
  },
  {
    slug: 'juniper-jncip-ent',
    name: 'Juniper Networks Certified Professional, Enterprise Routing and Switching (JNCIP-ENT)',
    certCode: 'JNCIP-ENT',
    vendor: 'Juniper Networks',
    url: 'https://www.juniper.net/us/en/training/certification.html',
    description: `Professional-level Juniper certification for experienced engineers who design and troubleshoot large enterprise networks.\n\nIt goes deeper into OSPF, IS-IS and BGP, adds multicast, class of service and advanced Layer 2 topics such as provider bridging, and expects candidates to reason about how protocols interact in real deployments.\n\nIt requires the JNCIS-ENT and leads to the hands-on JNCIE-ENT lab.`,
  },
  {
    slug: 'juniper-jncie-ent',
    name: 'Juniper Networks Certified Expert, Enterprise Routing and Switching (JNCIE-ENT)',
    certCode: 'JNCIE-ENT',
    vendor: 'Juniper Networks',
    url: 'https://www.juniper.net/us/en/training/certification.html',
    description: `Juniper's expert credential for enterprise networking, earned in a day-long practical lab rather than a multiple-choice exam.\n\nCandidates configure, verify and troubleshoot a complete enterprise network under time pressure: switching, interior and exterior routing, multicast, class of service, high availability and security features on Junos devices.\n\nIt is aimed at senior network engineers and requires the JNCIP-ENT.`,
  },
  {
    slug: 'juniper-jncis-sec',
    name: 'Juniper Networks Certified Specialist, Security (JNCIS-SEC)',
    certCode: 'JNCIS-SEC',
    vendor: 'Juniper Networks',
    url: 'https://www.juniper.net/us/en/training/certification.html',
    description: `Specialist-level Juniper certification for engineers who secure networks with SRX Series firewalls.\n\nIt covers security zones and policies, network address translation, IPsec VPNs, application-aware security, intrusion prevention, content security and high-availability clustering of SRX devices.\n\nThe JNCIA-Junos comes first; the professional security certification follows it.`,
  },
  {
    slug: 'juniper-jncia-cloud',
    name: 'Juniper Networks Certified Associate, Cloud (JNCIA-Cloud)',
    certCode: 'JNCIA-Cloud',
    vendor: 'Juniper Networks',
    url: 'https://www.juniper.net/us/en/training/certification.html',
    description: `Associate-level Juniper certification on the networking side of private and hybrid clouds.\n\nIt introduces cloud architectures, network virtualisation and overlays, software-defined networking, and how OpenStack and Kubernetes environments are networked, with Juniper's cloud networking products as the examples.\n\nIt suits network engineers who are starting to work with data centre and cloud platforms.`,
  },
  // ---------------------------------------------------------------------------
  // Palo Alto Networks
  // ---------------------------------------------------------------------------
  {
    slug: 'palo-alto-networks-certified-cybersecurity-practitioner',
    name: 'Palo Alto Networks Certified Cybersecurity Practitioner',
    certCode: 'Cybersecurity-Practitioner',
    vendor: 'Palo Alto Networks',
    url: 'https://www.paloaltonetworks.com/services/education/certification',
    description: `Entry-level Palo Alto Networks certification on the foundations of modern cybersecurity.\n\nIt covers the threat landscape, network security principles, cloud security, security operations and how a platform of firewalls, secure access and detection tools fits together.\n\nIt suits students, career changers and IT staff taking their first steps into security, before the certifications of single products.`,
  },
  {
    slug: 'palo-alto-networks-network-security-generalist',
    name: 'Palo Alto Networks Certified Network Security Generalist',
    certCode: 'NetSec-Generalist',
    vendor: 'Palo Alto Networks',
    url: 'https://www.paloaltonetworks.com/services/education/certification',
    description: `Palo Alto Networks certification covering the breadth of its network security portfolio.\n\nIt spans next-generation firewalls in hardware, virtual and cloud form, secure access service edge, cloud-delivered security services, and how they are managed centrally and tied together.\n\nIt suits engineers and administrators who touch several Palo Alto Networks products rather than one.`,
  },
  {
    slug: 'palo-alto-networks-certified-network-security-analyst',
    name: 'Palo Alto Networks Certified Network Security Analyst',
    certCode: 'NetSec-Analyst',
    vendor: 'Palo Alto Networks',
    url: 'https://www.paloaltonetworks.com/services/education/certification',
    description: `Palo Alto Networks certification for the people who operate its firewalls day to day.\n\nIt focuses on creating and maintaining security policy and profiles, using App-ID, User-ID and Content-ID, working with central management, and reading logs and reports to monitor and tune the protection in place.\n\nIt suits security operators and administrators in organisations that run Palo Alto Networks firewalls.`,
  },
  {
    slug: 'palo-alto-networks-certified-next-generation-firewall-engineer',
    name: 'Palo Alto Networks Certified Next-Generation Firewall Engineer',
    certCode: 'NGFW-Engineer',
    vendor: 'Palo Alto Networks',
    url: 'https://www.paloaltonetworks.com/services/education/certification',
    description: `Palo Alto Networks certification for engineers who deploy, integrate and troubleshoot its next-generation firewalls.\n\nIt covers PAN-OS networking, high availability, decryption, identity integration, VPNs, central management of many firewalls and the automation interfaces, across physical, virtual and cloud firewalls.\n\nIt is the engineering credential of the firewall track and suits experienced network security engineers.`,
  },
  {
    slug: 'palo-alto-networks-certified-network-security-architect',
    name: 'Palo Alto Networks Certified Network Security Architect',
    certCode: 'NetSec-Architect',
    vendor: 'Palo Alto Networks',
    url: 'https://www.paloaltonetworks.com/services/education/certification',
    description: `Senior Palo Alto Networks certification on designing network security architectures.\n\nIt is about turning business and technical requirements into designs: zero trust, branch and campus modernisation, secure access for mobile users and private applications, data security, and protection of public and private clouds.\n\nIt suits security architects, senior engineers and consultants who already know the product portfolio well.`,
  },
  // ---------------------------------------------------------------------------
  // Fortinet
  // ---------------------------------------------------------------------------
  {
    slug: 'fortinet-certified-associate-cybersecurity',
    name: 'Fortinet Certified Associate in Cybersecurity (FCA)',
    certCode: 'FCA',
    vendor: 'Fortinet',
    url: 'https://www.fortinet.com/training/cybersecurity-professionals',
    description: `Fortinet's associate-level certification, introducing its security fabric and the FortiGate firewall.\n\nIt covers basic FortiGate operation: firewall policies, network address translation, authentication, security profiles and logging, set against general security concepts.\n\nIt suits people who are new to Fortinet products or to network security, before the professional-level certifications.`,
  },
  {
    slug: 'fortinet-certified-professional-network-security',
    name: 'Fortinet Certified Professional - Network Security (FCP)',
    certCode: 'FCP Network Security',
    vendor: 'Fortinet',
    url: 'https://www.fortinet.com/training/cybersecurity-professionals',
    description: `Fortinet professional certification for administrators who run network security built on FortiGate.\n\nIt is earned with a core FortiGate administration exam and an elective on another product such as central management, analysis or access control, and covers day-to-day configuration, VPNs, routing, high availability and security profiles.\n\nIt suits network and security administrators in organisations using Fortinet equipment.`,
  },
  {
    slug: 'fortinet-certified-solution-specialist-network-security',
    name: 'Fortinet Certified Solution Specialist - Network Security (FCSS)',
    certCode: 'FCSS Network Security',
    vendor: 'Fortinet',
    url: 'https://www.fortinet.com/training/cybersecurity-professionals',
    description: `Fortinet specialist certification on designing and operating large network security deployments.\n\nIt deals with enterprise firewall designs, secure SD-WAN and centrally managed infrastructures: how they are planned, integrated, monitored and troubleshot at scale.\n\nIt suits senior engineers and architects; professional-level knowledge of FortiGate is assumed.`,
  },
  {
    slug: 'fortinet-certified-expert-cybersecurity',
    name: 'Fortinet Certified Expert in Cybersecurity (FCX)',
    certCode: 'FCX',
    vendor: 'Fortinet',
    url: 'https://www.fortinet.com/training/cybersecurity-professionals',
    description: `Fortinet's top credential, the successor to the former NSE 8 level.\n\nIt is earned with a written exam followed by a practical lab in which candidates design, deploy and troubleshoot a complete Fortinet security fabric under time pressure.\n\nIt is aimed at the most experienced Fortinet engineers and architects.`,
  },
  // ---------------------------------------------------------------------------
  // Databricks
  // ---------------------------------------------------------------------------
  {
    slug: 'databricks-certified-data-engineer-associate',
    name: 'Databricks Certified Data Engineer Associate',
    certCode: 'Data Engineer Associate',
    vendor: 'Databricks',
    url: 'https://www.databricks.com/learn/certification/data-engineer-associate',
    description: `Databricks certification for engineers who build data pipelines on its lakehouse platform.\n\nIt covers the platform and workspace, ingesting and transforming data with Spark SQL and PySpark, Delta Lake tables, incremental processing, orchestrating production jobs and pipelines, and governing data with Unity Catalog.\n\nIt suits data and analytics engineers with some months of hands-on Databricks experience.`,
  },
  {
    slug: 'databricks-certified-data-engineer-professional',
    name: 'Databricks Certified Data Engineer Professional',
    certCode: 'Data Engineer Professional',
    vendor: 'Databricks',
    url: 'https://www.databricks.com/learn/certification/data-engineer-professional',
    description: `Advanced Databricks certification for data engineers who run production pipelines at scale.\n\nIt covers data modelling in the lakehouse, advanced Delta Lake and streaming, performance tuning, security and governance, monitoring and logging, and testing and deploying data pipelines.\n\nIt suits engineers with a year or more of Databricks work; the associate certification is a natural step before it.`,
  },
  {
    slug: 'databricks-certified-data-analyst-associate',
    name: 'Databricks Certified Data Analyst Associate',
    certCode: 'Data Analyst Associate',
    vendor: 'Databricks',
    url: 'https://www.databricks.com/learn/certification/data-analyst-associate',
    description: `Databricks certification for analysts who query and present data on its platform.\n\nIt covers Databricks SQL and SQL warehouses, managing tables and views, writing analytical queries, and building visualisations, dashboards and alerts for business users.\n\nIt suits data analysts and BI developers who work in Databricks.`,
  },
  {
    slug: 'databricks-certified-machine-learning-associate',
    name: 'Databricks Certified Machine Learning Associate',
    certCode: 'Machine Learning Associate',
    vendor: 'Databricks',
    url: 'https://www.databricks.com/learn/certification/machine-learning-associate',
    description: `Databricks certification on doing basic machine learning work on its platform.\n\nIt covers exploratory data analysis, feature engineering, training and tuning models with Spark ML and common libraries, tracking experiments and registering models with MLflow, and the platform's AutoML and feature tools.\n\nIt suits data scientists and ML engineers starting out with Databricks.`,
  },
  {
    slug: 'databricks-certified-machine-learning-professional',
    name: 'Databricks Certified Machine Learning Professional',
    certCode: 'Machine Learning Professional',
    vendor: 'Databricks',
    url: 'https://www.databricks.com/learn/certification/machine-learning-professional',
    description: `Advanced Databricks certification on machine learning in production.\n\nIt covers experiment tracking and model lifecycle management, deploying models for batch, streaming and real-time serving, and monitoring models for drift once they run.\n\nIt suits ML engineers who already build and deploy models on Databricks.`,
  },
  {
    slug: 'databricks-certified-generative-ai-engineer-associate',
    name: 'Databricks Certified Generative AI Engineer Associate',
    certCode: 'Generative AI Engineer Associate',
    vendor: 'Databricks',
    url: 'https://www.databricks.com/learn/certification/genai-engineer-associate',
    description: `Databricks certification for engineers who build applications on large language models.\n\nIt covers designing LLM applications, preparing data and retrieval for retrieval-augmented generation, building chains and agents, evaluating and governing them, and deploying and monitoring them on the platform.\n\nIt suits ML and software engineers moving into generative AI work on Databricks.`,
  },
  // ---------------------------------------------------------------------------
  // MongoDB
  // ---------------------------------------------------------------------------
  {
    slug: 'mongodb-associate-developer',
    name: 'MongoDB Associate Developer',
    certCode: 'Associate Developer',
    vendor: 'MongoDB',
    url: 'https://learn.mongodb.com/pages/certification-program',
    description: `MongoDB certification for developers who build applications on its document database.\n\nIt covers the document model and data modelling, create, read, update and delete operations, indexes, the aggregation framework, and using MongoDB from an application through a language driver (candidates pick their language).\n\nIt suits application developers with some experience of MongoDB.`,
  },
  {
    slug: 'mongodb-associate-database-administrator',
    name: 'MongoDB Associate Database Administrator',
    certCode: 'Associate DBA',
    vendor: 'MongoDB',
    url: 'https://learn.mongodb.com/pages/certification-program',
    description: `MongoDB certification for administrators who run its database in production.\n\nIt covers installation and configuration, replica sets, sharding, backup and recovery, security, and monitoring and tuning database performance.\n\nIt suits database administrators and operations engineers responsible for MongoDB deployments.`,
  },
  // ---------------------------------------------------------------------------
  // Elastic
  // ---------------------------------------------------------------------------
  {
    slug: 'elastic-certified-engineer',
    name: 'Elastic Certified Engineer',
    certCode: 'Elastic Certified Engineer',
    vendor: 'Elastic',
    url: 'https://www.elastic.co/training/certification',
    description: `Performance-based Elastic certification for engineers who build and run Elasticsearch clusters.\n\nCandidates solve tasks on a live cluster: defining indices and mappings, ingesting and transforming data, writing searches and aggregations, and managing cluster health, security, snapshots and cross-cluster features.\n\nIt suits engineers who operate Elasticsearch or build search into their applications.`,
  },
  {
    slug: 'elastic-certified-analyst',
    name: 'Elastic Certified Analyst',
    certCode: 'Elastic Certified Analyst',
    vendor: 'Elastic',
    url: 'https://www.elastic.co/training/certification',
    description: `Performance-based Elastic certification for people who explore and present data in Kibana.\n\nCandidates work in a live Kibana instance to search and filter data, build visualisations and dashboards, and use Kibana's analysis features to answer questions about the data.\n\nIt suits analysts and operations staff who use the Elastic Stack without administering it.`,
  },
  // ---------------------------------------------------------------------------
  // Confluent
  // ---------------------------------------------------------------------------
  {
    slug: 'confluent-certified-developer-for-apache-kafka',
    name: 'Confluent Certified Developer for Apache Kafka (CCDAK)',
    certCode: 'CCDAK',
    vendor: 'Confluent',
    url: 'https://www.confluent.io/certification/',
    description: `Confluent certification for developers who write applications on Apache Kafka.\n\nIt covers Kafka's architecture, producers and consumers and their delivery guarantees, topics and partitions, Kafka Streams, Kafka Connect, schemas and the schema registry, and testing and monitoring client applications.\n\nIt suits developers and architects building event-driven systems on Kafka.`,
  },
  {
    slug: 'confluent-certified-administrator-for-apache-kafka',
    name: 'Confluent Certified Administrator for Apache Kafka (CCAAK)',
    certCode: 'CCAAK',
    vendor: 'Confluent',
    url: 'https://www.confluent.io/certification/',
    description: `Confluent certification for the operators of Apache Kafka clusters.\n\nIt covers deploying and configuring brokers, topic and partition management, replication and fault tolerance, security, monitoring and troubleshooting, and keeping a cluster healthy as it grows.\n\nIt suits platform, operations and site reliability engineers who run Kafka.`,
  },
  // ---------------------------------------------------------------------------
  // Nutanix
  // ---------------------------------------------------------------------------
  {
    slug: 'nutanix-certified-associate',
    name: 'Nutanix Certified Associate (NCA)',
    certCode: 'NCA',
    vendor: 'Nutanix',
    url: 'https://www.nutanix.com/support-services/training-certification',
    description: `Nutanix's entry-level certification on hyperconverged infrastructure.\n\nIt covers the basics of the Nutanix cloud platform: how compute and storage are combined in a cluster, the Prism management interface, and everyday tasks such as creating and protecting virtual machines and monitoring the cluster.\n\nIt suits administrators and students new to Nutanix.`,
  },
  {
    slug: 'nutanix-certified-professional-multicloud-infrastructure',
    name: 'Nutanix Certified Professional - Multicloud Infrastructure (NCP-MCI)',
    certCode: 'NCP-MCI',
    vendor: 'Nutanix',
    url: 'https://www.nutanix.com/support-services/training-certification',
    description: `Nutanix professional certification for administrators who deploy and run its clusters.\n\nIt covers cluster configuration, networking and storage, virtual machine management, data protection and disaster recovery, security, and monitoring and troubleshooting performance.\n\nIt suits infrastructure administrators with hands-on Nutanix experience.`,
  },
  // ---------------------------------------------------------------------------
  // Google Cloud
  // ---------------------------------------------------------------------------
  {
    slug: 'google-cloud-professional-cloud-database-engineer',
    name: 'Google Cloud Professional Cloud Database Engineer',
    certCode: 'PCDBE',
    vendor: 'Google Cloud',
    url: 'https://cloud.google.com/learn/certification/cloud-database-engineer',
    description: `Google Cloud professional certification for engineers who design and run databases on Google Cloud.\n\nIt covers choosing between Cloud SQL, AlloyDB, Spanner, Bigtable and Firestore, designing for scale and availability, migrating existing databases, and securing, monitoring and tuning them.\n\nIt suits database engineers and administrators moving workloads to Google Cloud.`,
  },
  {
    slug: 'google-workspace-administrator',
    name: 'Google Cloud Professional Google Workspace Administrator',
    certCode: 'PGWA',
    vendor: 'Google Cloud',
    url: 'https://cloud.google.com/learn/certification/google-workspace-administrator',
    description: `Google certification for administrators who run Google Workspace for an organisation.\n\nIt covers user, group and device management, configuring Gmail, Drive and the other services, security and data protection settings, migrating to Workspace and troubleshooting.\n\nIt suits IT administrators responsible for an organisation's Workspace tenant. Google retired this exam at the end of 2024; the Associate Google Workspace Administrator certification, launched in January 2025, replaced it.`,
  },
  {
    slug: 'google-cloud-generative-ai-leader',
    name: 'Google Cloud Generative AI Leader',
    certCode: 'GAIL',
    vendor: 'Google Cloud',
    url: 'https://cloud.google.com/learn/certification/generative-ai-leader',
    description: `Non-technical Google Cloud certification on generative AI for business leaders.\n\nIt covers what generative AI is and can do, Google Cloud's generative AI offerings, ways to improve model output, and how organisations adopt generative AI responsibly and measure its value.\n\nIt suits managers, product owners and decision makers rather than engineers.`,
  },
  // ---------------------------------------------------------------------------
  // Microsoft
  // ---------------------------------------------------------------------------
  {
    slug: 'microsoft-power-platform-functional-consultant-associate',
    name: 'Microsoft Certified: Power Platform Functional Consultant Associate',
    certCode: 'PL-200',
    vendor: 'Microsoft',
    url: 'https://learn.microsoft.com/en-us/credentials/certifications/power-platform-functional-consultant-associate/',
    description: `Microsoft certification for consultants who turn business requirements into Power Platform solutions.\n\nIt covers Dataverse data models and security, model-driven and canvas apps, Power Automate flows, Copilot Studio agents and Power BI integration, configured with little or no code.\n\nIt suits functional consultants and business analysts who deliver Power Platform projects.`,
  },
  {
    slug: 'microsoft-power-platform-developer-associate',
    name: 'Microsoft Certified: Power Platform Developer Associate',
    certCode: 'PL-400',
    vendor: 'Microsoft',
    url: 'https://learn.microsoft.com/en-us/credentials/certifications/power-platform-developer-associate/',
    description: `Microsoft certification for developers who extend Power Platform with code.\n\nIt covers designing technical solutions, extending Dataverse with plug-ins, building components and custom connectors, extending the user experience, and integrating Power Platform with Azure and other systems.\n\nIt suits developers who write code around Power Apps, Power Automate and Dataverse.`,
  },
  {
    slug: 'microsoft-power-platform-solution-architect-expert',
    name: 'Microsoft Certified: Power Platform Solution Architect Expert',
    certCode: 'PL-600',
    vendor: 'Microsoft',
    url: 'https://learn.microsoft.com/en-us/credentials/certifications/power-platform-solution-architect-expert/',
    description: `Microsoft expert certification for architects who lead Power Platform and Dynamics 365 solutions.\n\nIt covers gathering requirements, designing the solution architecture, data models, integrations and security, and guiding implementation through to go-live.\n\nIt requires an associate-level Power Platform or Dynamics 365 certification first.`,
  },
  // ---------------------------------------------------------------------------
  // CompTIA
  // ---------------------------------------------------------------------------
  {
    slug: 'comptia-data-plus',
    name: 'CompTIA Data+',
    certCode: 'Data+',
    vendor: 'CompTIA',
    url: 'https://www.comptia.org/en-us/certifications/data/',
    description: `CompTIA's vendor-neutral certification for early-career data analysts.\n\nIt covers data concepts and environments, acquiring and preparing data, basic statistical analysis, building reports and visualisations, and data governance and quality.\n\nIt suits people whose job includes analysing and reporting on data, whatever tools they use.`,
  },
  {
    slug: 'comptia-server-plus',
    name: 'CompTIA Server+',
    certCode: 'Server+',
    vendor: 'CompTIA',
    url: 'https://www.comptia.org/en-us/certifications/server/',
    description: `CompTIA's vendor-neutral certification for server administrators.\n\nIt covers installing and managing server hardware and operating systems, storage, virtualisation, security and disaster recovery, and troubleshooting servers on premises and in hybrid environments.\n\nIt suits system administrators and data centre technicians.`,
  },
  {
    slug: 'comptia-datasys-plus',
    name: 'CompTIA DataSys+',
    certCode: 'DataSys+',
    vendor: 'CompTIA',
    url: 'https://www.comptia.org/en-us/certifications/datasys/',
    description: `CompTIA's vendor-neutral certification for database administrators.\n\nIt covers database fundamentals, deploying and maintaining databases, data and database security, and business continuity, across relational and non-relational systems.\n\nIt suits early-career database administrators and developers who look after databases.`,
  },
  // ---------------------------------------------------------------------------
  // HashiCorp
  // ---------------------------------------------------------------------------
  {
    slug: 'hashicorp-certified-consul-associate',
    name: 'HashiCorp Certified: Consul Associate',
    certCode: 'Consul Associate',
    vendor: 'HashiCorp',
    url: 'https://developer.hashicorp.com/certifications/networking-automation',
    description: `HashiCorp certification on Consul, its service networking tool.\n\nIt covers Consul's architecture, service registration and discovery, the service mesh with its intentions and proxies, the key-value store, access control lists and securing agent communication.\n\nIt suits cloud, platform and DevOps engineers who connect services with Consul.`,
  },
  // ---------------------------------------------------------------------------
  // Salesforce
  // ---------------------------------------------------------------------------
  {
    slug: 'salesforce-certified-platform-developer-ii',
    name: 'Salesforce Certified Platform Developer II',
    certCode: 'Platform Developer II',
    vendor: 'Salesforce',
    url: 'https://trailhead.salesforce.com/credentials/platformdeveloperii',
    description: `Advanced Salesforce certification for developers who build complex business logic and interfaces on the platform.\n\nIt covers advanced Apex, asynchronous processing, integration, Lightning Web Components, testing, debugging and performance, and designing maintainable code on a shared multi-tenant platform.\n\nIt requires the Platform Developer I certification.`,
  },
  {
    slug: 'salesforce-certified-agentforce-specialist',
    name: 'Salesforce Certified Agentforce Specialist',
    certCode: 'Agentforce Specialist',
    vendor: 'Salesforce',
    url: 'https://trailhead.salesforce.com/credentials/agentforcespecialist',
    description: `Salesforce certification on building AI agents and generative AI features on the Salesforce platform.\n\nIt covers prompt templates, Agentforce agents and their topics and actions, grounding answers in company data, and the trust and security layer around generative AI.\n\nIt suits administrators, developers and consultants who bring AI features to Salesforce orgs.`,
  },
];

export const facts: Record<string, SeedFacts> = {
  'juniper-jncia-junos': { level: 'FOUNDATIONAL', domains: ['networking'] },
  'juniper-jncis-ent': {
    level: 'ASSOCIATE',
    domains: ['networking'],
    prerequisites: [{ slug: 'juniper-jncia-junos', kind: 'REQUIRED' }],
  },
  'juniper-jncip-ent': {
    level: 'PROFESSIONAL',
    domains: ['networking'],
    prerequisites: [{ slug: 'juniper-jncis-ent', kind: 'REQUIRED' }],
  },
  'juniper-jncie-ent': {
    level: 'EXPERT',
    domains: ['networking'],
    prerequisites: [{ slug: 'juniper-jncip-ent', kind: 'REQUIRED' }],
  },
  'juniper-jncis-sec': {
    level: 'ASSOCIATE',
    domains: ['networking', 'security'],
    prerequisites: [{ slug: 'juniper-jncia-junos', kind: 'REQUIRED' }],
  },
  'juniper-jncia-cloud': { level: 'FOUNDATIONAL', domains: ['networking', 'cloud'] },
  'palo-alto-networks-certified-cybersecurity-practitioner': { level: 'FOUNDATIONAL', domains: ['security'] },
  'palo-alto-networks-network-security-generalist': { level: 'ASSOCIATE', domains: ['security', 'networking'] },
  'palo-alto-networks-certified-network-security-analyst': { level: 'ASSOCIATE', domains: ['security', 'networking'] },
  'palo-alto-networks-certified-next-generation-firewall-engineer': {
    level: 'PROFESSIONAL',
    domains: ['security', 'networking'],
  },
  'palo-alto-networks-certified-network-security-architect': {
    level: 'EXPERT',
    domains: ['security', 'networking'],
  },
  'fortinet-certified-associate-cybersecurity': { level: 'FOUNDATIONAL', domains: ['security', 'networking'] },
  'fortinet-certified-professional-network-security': {
    level: 'ASSOCIATE',
    domains: ['security', 'networking'],
    prerequisites: [{ slug: 'fortinet-certified-associate-cybersecurity', kind: 'RECOMMENDED' }],
  },
  'fortinet-certified-solution-specialist-network-security': {
    level: 'PROFESSIONAL',
    domains: ['security', 'networking'],
    prerequisites: [{ slug: 'fortinet-certified-professional-network-security', kind: 'RECOMMENDED' }],
  },
  'fortinet-certified-expert-cybersecurity': { level: 'EXPERT', domains: ['security', 'networking'] },
  'databricks-certified-data-engineer-associate': { level: 'ASSOCIATE', domains: ['data-ai'] },
  'databricks-certified-data-engineer-professional': {
    level: 'PROFESSIONAL',
    domains: ['data-ai'],
    prerequisites: [{ slug: 'databricks-certified-data-engineer-associate', kind: 'RECOMMENDED' }],
  },
  'databricks-certified-data-analyst-associate': { level: 'ASSOCIATE', domains: ['data-ai'] },
  'databricks-certified-machine-learning-associate': { level: 'ASSOCIATE', domains: ['data-ai'] },
  'databricks-certified-machine-learning-professional': {
    level: 'PROFESSIONAL',
    domains: ['data-ai'],
    prerequisites: [{ slug: 'databricks-certified-machine-learning-associate', kind: 'RECOMMENDED' }],
  },
  'databricks-certified-generative-ai-engineer-associate': {
    level: 'ASSOCIATE',
    domains: ['data-ai', 'software-development'],
  },
  'mongodb-associate-developer': { level: 'ASSOCIATE', domains: ['databases', 'software-development'] },
  'mongodb-associate-database-administrator': { level: 'ASSOCIATE', domains: ['databases'] },
  'elastic-certified-engineer': { level: 'PROFESSIONAL', domains: ['data-ai', 'infrastructure'] },
  'elastic-certified-analyst': { level: 'ASSOCIATE', domains: ['data-ai'] },
  'confluent-certified-developer-for-apache-kafka': {
    level: 'ASSOCIATE',
    domains: ['software-development', 'data-ai'],
  },
  'confluent-certified-administrator-for-apache-kafka': {
    level: 'ASSOCIATE',
    domains: ['infrastructure', 'data-ai'],
  },
  'nutanix-certified-associate': { level: 'FOUNDATIONAL', domains: ['infrastructure', 'cloud'] },
  'nutanix-certified-professional-multicloud-infrastructure': {
    level: 'PROFESSIONAL',
    domains: ['infrastructure', 'cloud'],
  },
  'google-cloud-professional-cloud-database-engineer': { level: 'PROFESSIONAL', domains: ['cloud', 'databases'] },
  'google-workspace-administrator': { level: 'PROFESSIONAL', domains: ['cloud', 'infrastructure'] },
  'google-cloud-generative-ai-leader': { level: 'FOUNDATIONAL', domains: ['data-ai', 'cloud'] },
  'microsoft-power-platform-functional-consultant-associate': {
    level: 'ASSOCIATE',
    domains: ['software-development'],
  },
  'microsoft-power-platform-developer-associate': { level: 'ASSOCIATE', domains: ['software-development'] },
  'microsoft-power-platform-solution-architect-expert': {
    level: 'EXPERT',
    domains: ['software-development'],
  },
  'comptia-data-plus': { level: 'ASSOCIATE', domains: ['data-ai'] },
  'comptia-server-plus': { level: 'ASSOCIATE', domains: ['infrastructure'] },
  'comptia-datasys-plus': { level: 'ASSOCIATE', domains: ['databases'] },
  'hashicorp-certified-consul-associate': { level: 'ASSOCIATE', domains: ['networking', 'devops'] },
  'salesforce-certified-platform-developer-ii': {
    level: 'PROFESSIONAL',
    domains: ['software-development'],
    prerequisites: [{ slug: 'salesforce-certified-platform-developer-i', kind: 'REQUIRED' }],
  },
  'salesforce-certified-agentforce-specialist': { level: 'ASSOCIATE', domains: ['data-ai', 'software-development'] },
};
