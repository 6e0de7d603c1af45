import { PRODUCT_NAME, TEXT } from '@certitude/shared';
import { Link } from 'react-router';
import type { LegalSection } from '../legal-page';

const P = PRODUCT_NAME;

export const TERMS_INTRO = (
  <p>
    These terms are the agreement between you and the people who run {P} for using this website. By browsing the site or
    creating an account you accept them. Please read them together with our <Link to="/privacy">Privacy Policy</Link>.
  </p>
);

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'the-service',
    title: 'The service',
    body: (
      <>
        <p>
          {P} lets you discover, search and compare IT certifications grouped by vendor, read and write comments, vote,
          and share learning resources. Browsing is free and needs no account; voting, commenting and submitting need a
          free account.
        </p>
        <p className="mb-0">
          {P} is independent. It is not affiliated with, endorsed by or sponsored by any certification vendor; vendor
          and certification names are trademarks of their owners and are used only to identify the certifications.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul className="mb-0">
        <li>You must be at least 16 years old to create an account.</li>
        <li>
          Give a real email address you control and verify it; we use it for sign-in, password resets and notices about
          your account.
        </li>
        <li>
          One account per person. Keep your password to yourself and tell us if you think someone else has used your
          account; you are responsible for what is done with it.
        </li>
        <li>
          If you sign in with Google or GitHub, your use of those accounts is also governed by the provider&rsquo;s
          terms.
        </li>
        <li>Choose a username that does not impersonate anyone or offend.</li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    title: 'Your contributions',
    body: (
      <>
        <p>
          You keep the rights to the comments, descriptions and other content you post. By posting, you give {P} a
          worldwide, non-exclusive, royalty-free licence to store, display, reproduce and distribute that content on the
          site and through its interfaces, for as long as it is on the site, and to adapt its format for display.
        </p>
        <p className="mb-0">
          Only post content you have the right to share. Certifications and learning resources you submit are reviewed
          by a moderator before they appear, usually within {TEXT.reviewTurnaround}; moderators may edit them for
          accuracy and consistency, or decline them with a reason.
        </p>
      </>
    ),
  },
  {
    id: 'community-rules',
    title: 'Community rules',
    body: (
      <>
        <p>To keep rankings honest and discussions useful, you agree not to:</p>
        <ul>
          <li>manipulate votes, for example with several accounts, by trading votes, or with automated tools;</li>
          <li>
            share exam questions or answers from real exams (&ldquo;brain dumps&rdquo;), or any other material that
            breaks a vendor&rsquo;s candidate agreement or someone&rsquo;s copyright;
          </li>
          <li>post spam, or links you are paid for without saying so;</li>
          <li>harass, threaten or insult other people, or post hateful, sexual or illegal content;</li>
          <li>post other people&rsquo;s personal data;</li>
          <li>
            try to break into accounts or systems, work around rate limits, or load the site with automated requests
            beyond what normal use needs;
          </li>
          <li>upload or link to malware.</li>
        </ul>
        <p className="mb-0">
          Disagreeing is welcome; be specific and courteous, and judge certifications on their merits.
        </p>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation',
    body: (
      <p className="mb-0">
        Moderators and administrators may approve or decline submissions, remove comments that break these terms, and
        suspend or close accounts that do so repeatedly or seriously. Moderation decisions are recorded with their
        reason. If you think a decision was wrong, contact us and a different moderator will look at it.
      </p>
    ),
  },
  {
    id: 'information-only',
    title: 'Rankings and resources are opinions',
    body: (
      <p className="mb-0">
        Scores, comments and recommended resources reflect the views of community members. They are offered for
        information only and may be incomplete or out of date: check exam objectives, prices and requirements on the
        vendor&rsquo;s official page before you decide. Nothing on {P} is professional career, financial or legal
        advice.
      </p>
    ),
  },
  {
    id: 'external-sites',
    title: 'Other websites and donations',
    body: (
      <p className="mb-0">
        {P} links to official certification pages, learning resources and a donation page run by others. We do not
        control those sites and are not responsible for their content, offers or policies; paid resources are sold by
        their publishers, not by us. Donations are voluntary, handled by the donation provider under its own terms, and
        give no extra features or influence over rankings or moderation.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to the service',
    body: (
      <p className="mb-0">
        We work to keep {P} available and correct, but we provide it &ldquo;as is&rdquo; and &ldquo;as available&rdquo;,
        without warranties of any kind to the extent the law allows. We may change, suspend or discontinue features at
        any time.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p className="mb-0">
        To the extent the law allows, the people who run {P} are not liable for indirect or consequential loss, such as
        exam fees, lost time or lost opportunities, arising from your use of the site or reliance on its content.
        Nothing in these terms limits liability that cannot be limited by law, such as for fraud or for death or
        personal injury caused by negligence, or your rights as a consumer.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your use',
    body: (
      <p className="mb-0">
        You may stop using {P} at any time and ask us to delete your account; the{' '}
        <Link to="/privacy#retention">Privacy Policy</Link> explains what happens to your contributions. We may close an
        account that breaks these terms; where reasonable we will tell you why first. The licence for content already
        shown on the site ends when that content is removed.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p className="mb-0">
        We may update these terms, for example when the service or the law changes. We will change the date at the top
        of this page and, for significant changes, tell members by email before they apply. If you keep using {P} after
        that, the new terms apply; if you disagree, you can close your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p className="mb-0">
        Questions about these terms, reports of content that breaks them, and appeals against moderation decisions go to
        the people who run this {P} site. Write from the email address of your account when you can.
      </p>
    ),
  },
];
