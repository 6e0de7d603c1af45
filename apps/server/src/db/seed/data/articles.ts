import type { SeedArticle } from './types.js';

/**
 * Original editorial articles written by the Certitude team.
 * Content is markdown (## headings, lists, bold) without raw HTML.
 */
export const articles: SeedArticle[] = [
  {
    slug: 'how-to-choose-your-first-cloud-certification',
    title: 'How to choose your first cloud certification',
    summary:
      'AWS, Azure or Google Cloud, fundamentals or associate? A practical way to pick a first cloud certification that matches your job and goals.',
    publishedAt: '2024-03-12T09:00:00.000Z',
    content: `Every week someone in the Certitude community asks the same question: *which cloud certification should I take first?* The honest answer is "it depends", but it depends on a small number of things you can decide in an afternoon. This guide walks through them.

## Start from the job, not the badge

Certifications are most valuable when they describe work you already do or want to do next. Before comparing exam guides, write down two things:

- **The platform you touch today**, or the one your target employers use. Browse twenty job ads in your area and count the vendors mentioned. The result is usually clear.
- **The role you are aiming for**: administrator, developer, architect, data engineer or security engineer. Each major cloud provider has a track for each of these roles.

If your company runs on Microsoft 365 and Active Directory, Azure is the natural first step. If you are surrounded by startups and serverless workloads, AWS is more likely. If your team lives in BigQuery, look at Google Cloud. Multi-cloud is real, but almost nobody *starts* multi-cloud.

## Fundamentals or associate?

All three big providers offer an entry-level exam: **AWS Certified Cloud Practitioner**, **Microsoft Certified: Azure Fundamentals (AZ-900)** and **Google Cloud Digital Leader**. They test vocabulary and concepts, not hands-on skills.

Take a fundamentals exam if:

- you are new to IT or moving from a non-technical role;
- you work alongside cloud teams (sales, finance, project management) and want a shared language;
- you need a quick confidence boost before a harder exam.

Skip straight to an associate-level exam if you already administer servers, write code or run networks. For most technical people, the **AWS Certified Solutions Architect - Associate**, **Azure Administrator Associate (AZ-104)** or **Google Cloud Associate Cloud Engineer** is a better use of time and money. Hiring managers rarely filter on fundamentals certifications for technical roles.

## Compare the three main entry points

A quick orientation for the associate level:

1. **AWS Solutions Architect - Associate** is broad and design-oriented. It rewards understanding *why* you would choose one service over another, and it is the most requested cloud certification in job ads.
2. **Azure Administrator Associate** is operational. Expect identity, networking, storage and compute configuration, plus governance. It also unlocks the Azure Solutions Architect Expert later.
3. **Google Associate Cloud Engineer** is hands-on and command-line friendly. It suits engineers who like gcloud, Kubernetes and infrastructure automation.

Renewal differs too: Microsoft role-based certifications renew every year through a free online assessment, while AWS and Google certifications must be renewed every few years, usually by passing the current exam again.

## Budget your time realistically

People underestimate preparation time more than anything else. As a rough guide from our community:

- **Fundamentals:** two to four weeks of evening study.
- **Associate with some experience:** six to ten weeks.
- **Associate from scratch:** three months or more, mostly spent in a lab.

Plan at least half of your time for hands-on work. Free tiers, sandbox labs on Google Cloud Skills Boost and the exercises linked from Microsoft Learn are enough for most associate exams, as long as you remember to delete what you create.

## Build a simple study plan

A plan that works for most of our members:

1. **Read the official exam guide** and turn every objective into a checklist item.
2. **Pick one main course** (video or book) and finish it, instead of sampling five.
3. **Lab every objective.** If you cannot do it in the console or CLI, you do not know it yet.
4. **Take practice exams only in the last third** of your plan, and review every wrong answer against the documentation.
5. **Book the exam early.** A date in the calendar is the best motivation there is.

## What comes next

Your first cloud certification is a starting point, not a destination. Once you pass, use the Certitude catalogue to explore the next step in your track: a professional architecture exam, a specialty such as security or networking, or a cloud-agnostic credential like the **Certified Kubernetes Administrator** or **HashiCorp Terraform Associate**. And when you are done, come back and share the resources that helped you; that is how the catalogue gets better for the next person.`,
  },
  {
    slug: 'security-certifications-roadmap-security-plus-to-cissp',
    title: 'Security certifications: a roadmap from Security+ to CISSP',
    summary:
      'A step-by-step path through security certifications, from Security+ to CISSP, with the hands-on and specialist options along the way.',
    publishedAt: '2024-06-04T09:00:00.000Z',
    content: `Security has more certifications than any other corner of IT, and the alphabet soup can be paralysing. The good news is that most careers follow a similar shape: a broad foundation, a practical specialisation, then management or architecture. Here is how the most popular credentials fit into that shape.

## Stage 1: build the foundation

If you are new to security, start with a vendor-neutral exam that covers the whole field at a basic level.

- **ISC2 Certified in Cybersecurity (CC)** is the gentlest entry point. It needs no experience and ISC2 has run programmes offering free training and exam vouchers.
- **CompTIA Security+** is the most widely recognised entry-level security certification. The SY0-701 exam covers threats, architecture, operations and governance, and includes performance-based questions. It is often required for government and defence roles.

If your networking is shaky, consider **CompTIA Network+** or the **CCNA** first. Security work is much easier when you can read a packet capture and explain a routing table.

## Stage 2: choose a direction

After the foundation, most people lean toward one of two sides.

### Defensive (blue team)

- **CompTIA CySA+** for security analysts working with SIEM tools, vulnerability management and incident response.
- **Cisco Certified CyberOps Associate** for SOC analysts, with strong network monitoring content.
- **Microsoft SC-200** if your organisation relies on Microsoft Sentinel and Defender.
- **GIAC GCIH** for incident handlers who want a respected, hands-on-flavoured credential.

### Offensive (red team)

- **CompTIA PenTest+** for a structured, multiple-choice introduction to penetration testing.
- **EC-Council CEH** is well known to recruiters and HR filters, especially in some regions.
- **OffSec OSCP** is the practical benchmark: a long hands-on exam in which you compromise machines and write a professional report.

There is no shame in doing both sides. Many excellent defenders started by learning how attacks work.

## Stage 3: specialise

With a few years of experience, deeper credentials start to pay off:

- **Cloud security:** AWS Security Specialty, Azure Security Engineer (AZ-500), Google Professional Cloud Security Engineer, or the vendor-neutral **ISC2 CCSP**.
- **Application security:** OffSec OSWE for white-box web exploitation, or **ISC2 CSSLP** for secure development lifecycle leadership.
- **Forensics and response:** GIAC GCFA or EC-Council CHFI.
- **Kubernetes and containers:** the hands-on **CKS** from the Linux Foundation.

## Stage 4: management and architecture

This is where **CISSP** lives. It is broad rather than deep, covering eight domains from risk management to software security, and it is aimed at people who design and run security programmes. In April 2024 ISC2 shortened the English adaptive exam to 100 to 150 questions in up to three hours. It also requires five years of paid experience in at least two domains. You can pass earlier and become an Associate of ISC2 while you accumulate experience, but the full credential reflects a career stage, not a study sprint.

Alternatives and complements at this level:

- **ISACA CISM** for security managers focused on governance and programme management.
- **ISACA CISA** if you are heading toward audit and assurance.
- **ISACA CRISC** for IT risk specialists.
- **CompTIA CASP+** for senior engineers who want to stay technical.

## A sample five-year path

One realistic journey we see often in the community:

1. **Year 1:** Security+ while working on a service desk or as a junior administrator.
2. **Year 2:** CySA+ or SC-200 after moving into a SOC analyst role.
3. **Year 3:** a cloud security certification matching your employer's platform.
4. **Year 4:** OSCP or GCIH to deepen practical skills.
5. **Year 5:** CISSP once the experience requirement is met and you are leading projects or people.

## Final advice

Certifications open doors, but experience keeps them open. Pair every exam with something you can show: a home lab write-up, a detection rule you built, a capture-the-flag ranking. And keep an eye on renewal requirements; most security certifications need continuing education credits and annual fees, so plan for them before you collect too many letters.`,
  },
  {
    slug: 'hands-on-exams-performance-based-certifications-cka-rhcsa-oscp',
    title: 'Hands-on exams: how to prepare for performance-based certifications (CKA, RHCSA, OSCP)',
    summary:
      'Performance-based exams test what you can do, not what you can recognise. How to prepare for CKA, RHCSA, OSCP and other hands-on certifications.',
    publishedAt: '2024-09-17T09:00:00.000Z',
    content: `Multiple-choice exams reward recognition: you see the right answer and pick it. Performance-based exams reward *production*: you are given a terminal, a cluster or a network and a list of tasks, and the grader checks the end state. That difference changes how you should study. Here is what we have learned from community members who passed the **CKA**, **RHCSA** and **OSCP**, three of the best-known hands-on certifications.

## What makes these exams different

- **No partial recognition.** You cannot eliminate wrong options; either the service is running after a reboot or it is not.
- **Time pressure is real.** The CKA gives you two hours for a long list of tasks. The OSCP gives you roughly a day of hacking and another day to write the report.
- **The environment is unfamiliar.** Different prompt, different editor defaults, sometimes a remote desktop with a small screen.
- **Documentation rules vary.** The CKA lets you use the official Kubernetes documentation. The RHCSA relies on what is installed on the system, such as man pages. The OSCP allows your own notes but restricts certain automated tools.

## Build a lab you can break

The single most important factor is hours spent at a keyboard in a lab that looks like the exam.

- **CKA and CKAD:** run a multi-node cluster with kubeadm on virtual machines, not only a single-node playground. Break it on purpose: stop the kubelet, corrupt a manifest, fill a disk.
- **RHCSA:** install RHEL (the free Red Hat Developer subscription works well) in two virtual machines. Practise every objective until you can do it without notes, then reboot to confirm your changes persist.
- **OSCP:** work through vulnerable machines on platforms like Hack The Box, TryHackMe and OffSec's own labs. Keep a methodology checklist and refine it after every box.

## Train for speed, not just correctness

In hands-on exams, a task you can do slowly is almost as bad as one you cannot do.

- **Learn the imperative shortcuts.** On Kubernetes, generate YAML with kubectl and the dry-run option instead of writing it from scratch, and set up an alias and autocompletion at the start of the exam.
- **Know where the answers live.** Bookmark nothing you cannot find in thirty seconds. For the RHCSA, practise finding configuration examples in man pages and in the documentation shipped under /usr/share/doc.
- **Time-box your practice.** Use exam simulators such as killer.sh for Kubernetes, or set a timer for your own mock RHCSA task lists.

## Verify everything

Graders check results, not effort. Build the habit of verifying each task before moving on:

1. Re-read the task and check every detail: names, namespaces, ports, permissions.
2. Test the outcome from the perspective of a user: curl the service, log in as the user, list the mount.
3. For Linux exams, make sure changes **survive a reboot**. Persistent configuration is a classic source of lost points.

## Manage the clock on exam day

- **Do a first pass for easy points.** Skip anything that looks like a rabbit hole and flag it.
- **Watch the weighting.** A task worth a lot of points deserves more time than three small ones.
- **For OSCP, take notes as you go.** Screenshots and commands captured during the exam make the report achievable. Many candidates who "solved enough" have failed because the documentation was missing.
- **Rest.** On a long exam, short breaks and food matter more than one extra enumeration pass at 4 a.m.

## Read the candidate handbook

Every vendor publishes rules for the exam environment: allowed resources, identification, webcam and room requirements, and what happens if your connection drops. Read it twice. Nothing is more frustrating than losing an attempt to a desk that was not clear enough for the proctor.

## Why it is worth it

Hands-on certifications are harder to cram and easier to trust. Employers know that an RHCSA holder has configured storage under pressure, that a CKA holder has repaired a broken cluster, and that an OSCP holder has compromised machines and documented it professionally. The preparation itself leaves you with real skills, which is the point of certification in the first place.

When you have passed, share your lab setup and favourite resources on the certification's page here on Certitude, and help the next candidate get there faster.`,
  },
];
