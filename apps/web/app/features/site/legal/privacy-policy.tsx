import {
  ACCESS_TOKEN_TTL_SECONDS,
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_RESET_TTL_HOURS,
  PRODUCT_NAME,
  REFRESH_TOKEN_TTL_DAYS,
} from '@certitude/shared';
import { Link } from 'react-router';
import type { LegalSection } from '../legal-page';

const P = PRODUCT_NAME;

export const PRIVACY_INTRO = (
  <p>
    This policy explains what personal data {P} collects when you browse the site or use an account, why we need it, how
    long we keep it, who else sees it, and what you can ask of us. We collect as little as the site needs to work: no
    advertising, no tracking analytics, and we never sell personal data.
  </p>
);

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {P} is a community website where technology professionals discover, rank and discuss IT certifications and share
        learning resources. The people who run this site (&ldquo;we&rdquo;, &ldquo;us&rdquo;) decide how the data
        described here is used and are responsible for it. This policy covers the website and the programming interface
        it uses.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <p>
          <strong>When you browse without an account</strong>, we receive what every web server receives: your IP
          address, the page or address you asked for, the time, and the answer we gave. You can read everything on {P}{' '}
          without an account.
        </p>
        <p>
          <strong>When you create an account</strong>, we store:
        </p>
        <ul>
          <li>your username and email address;</li>
          <li>
            your password, only as an argon2id hash: a salted, one-way fingerprint from which the password cannot be
            read back, not even by us;
          </li>
          <li>your role (member, moderator or administrator) and whether your email address is verified;</li>
          <li>when the account was created and last changed.</li>
        </ul>
        <p>
          <strong>When you sign in with Google or GitHub</strong>, the provider tells us a stable identifier of your
          account there and your email address, and we link them to your {P} account. We never see your Google or GitHub
          password and we ask for no access to your contacts, files or repositories.
        </p>
        <p>
          <strong>When you take part</strong>, we store what you contribute and link it to your account:
        </p>
        <ul>
          <li>your votes on certifications and learning resources;</li>
          <li>your comments and replies, with the time they were written and last edited;</li>
          <li>
            the certifications and learning resources you submit, and the moderator&rsquo;s decision on them, including
            the reason given when a submission is declined.
          </li>
        </ul>
        <p>
          <strong>To keep you signed in and your account safe</strong>, we store each sign-in session as a refresh token
          (kept only in hashed form on our side), and the links we email for verifying an address or resetting a
          password (also hashed, single use, valid {EMAIL_VERIFICATION_TTL_HOURS} hours and {PASSWORD_RESET_TTL_HOURS}{' '}
          hour respectively).
        </p>
        <p>
          <strong>Server logs</strong> record, for each request, your IP address, the date and time, the method and
          address requested, the response status and how long it took. We never log passwords, tokens or cookie values.
          To slow down password guessing and spam we also count recent attempts per IP address and per account for a few
          minutes.
        </p>
        <p>
          <strong>In your browser</strong>, the site keeps a few items in local storage, such as your sign-in tokens and
          your light or dark theme. The <Link to="/cookies">Cookie Policy</Link> lists each one.
        </p>
        <p className="mb-0">
          We do <strong>not</strong> collect payment details (a donation, if you choose to make one, happens on an
          external page), your location, or any special categories of data. Please do not post such information in
          comments.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it, and on what basis',
    body: (
      <ul className="mb-0">
        <li>
          <strong>To run your account</strong>: sign you in, keep you signed in, and let you change your password and
          email address. This is necessary to provide the service you signed up for.
        </li>
        <li>
          <strong>To publish your contributions</strong>: show your comments and approved submissions with your
          username, and count your votes in the scores. This too is the service you asked for.
        </li>
        <li>
          <strong>To send transactional email</strong>: address verification, password reset, a notice to your old
          address when your email changes, and the outcome of your submissions. We send no newsletters or marketing.
        </li>
        <li>
          <strong>To protect the site and its members</strong>: rate limits, logs to investigate abuse and faults, and
          moderation. This is our legitimate interest in a safe, working community.
        </li>
        <li>
          <strong>To meet legal obligations</strong>, when a law requires us to keep or disclose information.
        </li>
      </ul>
    ),
  },
  {
    id: 'what-is-public',
    title: 'What other people can see',
    body: (
      <p className="mb-0">
        Your username, your comments and replies, and the certifications and resources you submitted once a moderator
        has approved them are public. Votes appear only as totals: nobody else can see how you voted. Your email
        address, your role and your sign-in details are never shown to other members. Moderators and administrators can
        see submissions waiting for review and the record of moderation decisions.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We share personal data only where the site cannot work otherwise:</p>
        <ul>
          <li>
            <strong>Hosting and email delivery providers</strong> that store the data or carry our emails for us, under
            our instructions and for no purpose of their own.
          </li>
          <li>
            <strong>Google or GitHub</strong>, only when you choose to sign in with them; their own privacy policies
            apply to what happens on their side.
          </li>
          <li>
            <strong>Authorities</strong>, when the law obliges us to, or when it is needed to protect people from harm.
          </li>
        </ul>
        <p className="mb-0">
          Links on {P} to official certification pages, learning resources and our donation page lead to other websites
          with their own policies; we pass no personal data to them.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul className="mb-0">
        <li>
          <strong>Account data and contributions</strong>: for as long as your account exists. If your account is
          deleted, your votes, comments and sessions are deleted with it; certifications and resources you submitted
          stay in the catalogue without your name.
        </li>
        <li>
          <strong>Deleted comments</strong> are removed. A deleted comment that has replies stays as an empty
          placeholder so that the conversation still reads in order.
        </li>
        <li>
          <strong>Sign-in tokens</strong>: an access token is valid for {ACCESS_TOKEN_TTL_SECONDS / 60} minutes; a
          refresh token for at most {REFRESH_TOKEN_TTL_DAYS} days, and it stops working as soon as you log out or change
          your password.
        </li>
        <li>
          <strong>Email links</strong>: {EMAIL_VERIFICATION_TTL_HOURS} hours for verification,{' '}
          {PASSWORD_RESET_TTL_HOURS} hour for password reset; each works once.
        </li>
        <li>
          <strong>Outgoing email</strong> is queued until it is delivered and kept for a short time afterwards to check
          delivery problems.
        </li>
        <li>
          <strong>Server logs</strong>: for a limited period, normally no more than 30 days, unless they are needed to
          investigate a specific incident.
        </li>
        <li>
          <strong>Moderation records</strong> (who approved or declined what, and why) are kept for as long as the site
          runs, so that moderation stays accountable.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p className="mb-0">
        Passwords are hashed with argon2id; refresh tokens and email links are stored only as hashes; sign-in tokens are
        short-lived and rotated; repeated attempts are rate-limited; the site sends a strict Content Security Policy and
        is meant to be served over HTTPS. No system is perfectly secure: if we learn of a breach that puts your data at
        risk, we will tell you and the competent authority as the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access the personal data we hold about you, to have it
          corrected or deleted, to receive a copy in a portable form, to object to or restrict its use, and to complain
          to your data protection authority.
        </p>
        <p className="mb-0">
          You can change your email address and password yourself on the <Link to="/profile">Profile</Link> page. For
          anything else, including deleting your account, contact us as described below; we answer within one month.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p className="mb-0">
        {P} is meant for professionals and students aged 16 and over. We do not knowingly collect data from younger
        children; if you believe a child has created an account, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p className="mb-0">
        When this policy changes, we update this page and its date. If a change affects how we use data we already hold,
        we will tell members by email before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p className="mb-0">
        Questions, requests and complaints about your data go to the people who run this {P} site. Write from the email
        address of your account when you can, so that we know the request comes from you. See also our{' '}
        <Link to="/terms">Terms of Service</Link> and <Link to="/cookies">Cookie Policy</Link>.
      </p>
    ),
  },
];
