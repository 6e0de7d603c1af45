import {
  BADGE_TEXT,
  formatDate,
  formatDay,
  noneHeldText,
  PUBLIC_PROFILE_TEXT as T,
  type PublicProfile,
} from '@certitude/shared';
import { Link } from 'react-router';
import { expiryText } from './expiry-text';
import { PublicPlan, type PublicPlanKnown } from './public-plan';

/**
 * What anyone sees of a member on /u/{username} (docs/product.md#public-profile-page): name, join date, how many
 * ratings and comments, the certifications they hold and chose to show, and their plan of those. Never an email address.
 */
export function PublicProfileView({ profile, known }: { profile: PublicProfile; known: PublicPlanKnown | null }) {
  return (
    <>
      <h1 className="h2 mb-1">{profile.username}</h1>
      <p className="text-body-secondary">
        {T.memberSince} {formatDate(profile.joinedAt)}
      </p>
      <dl className="d-flex gap-4 mb-4">
        <div>
          <dt className="small text-body-secondary fw-normal">{T.ratings}</dt>
          <dd className="h4 mb-0" data-testid="rating-count">
            {profile.ratingCount}
          </dd>
        </div>
        <div>
          <dt className="small text-body-secondary fw-normal">{T.comments}</dt>
          <dd className="h4 mb-0" data-testid="comment-count">
            {profile.commentCount}
          </dd>
        </div>
      </dl>
      <section aria-labelledby="held-title">
        <h2 id="held-title" className="h5">
          {T.held}
        </h2>
        {profile.held.length === 0 ? (
          <p className="text-body-secondary">{noneHeldText(profile.username)}</p>
        ) : (
          <ul className="list-group">
            {profile.held.map(({ certification: c, earnedOn, expiresOn }) => (
              <HeldItem key={c.id} certification={c} earnedOn={earnedOn} expiresOn={expiresOn} />
            ))}
          </ul>
        )}
      </section>
      <PublicPlan profile={profile} known={known} />
      {profile.badges.length > 0 && (
        <section aria-labelledby="badges-title" className="mt-4">
          <h2 id="badges-title" className="h5">
            {BADGE_TEXT.badges}
          </h2>
          <ul className="list-group">
            {profile.badges.map((b) => (
              <li key={b.id} className="list-group-item" data-testid="badge">
                <Link to={`/certification/${b.certification.slug}`} className="fw-semibold">
                  {b.certification.name}
                </Link>{' '}
                <span className="badge text-bg-success">{BADGE_TEXT.verified}</span>
                <div className="small">
                  {BADGE_TEXT.issuedBy} {b.issuer.name} · {BADGE_TEXT.issued} {formatDay(b.issuedOn)}
                  {b.expiresOn && ` · ${BADGE_TEXT.expires} ${formatDay(b.expiresOn)}`}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function HeldItem({ certification: c, earnedOn, expiresOn }: PublicProfile['held'][number]) {
  const expiry = expiryText({ expiresOn, certification: c });
  return (
    <li className="list-group-item" data-testid="held">
      <Link to={`/certification/${c.slug}`} className="fw-semibold">
        {c.name}
      </Link>{' '}
      <span className="text-body-secondary small">
        {c.vendor} · {c.certCode}
      </span>
      <div className="small">
        {earnedOn && `${T.earned} ${formatDay(earnedOn)} · `}
        <span className={expiry.lapsed ? 'text-danger-emphasis fw-semibold' : undefined}>{expiry.text}</span>
      </div>
    </li>
  );
}
