import {
  BADGE_TEXT,
  formatDate,
  MSG,
  MY_RATING_TEXT,
  RATINGS_FOR_MEANS,
  TEXT,
  ratingsPageSchema,
  type Rating,
  type RatingsPage,
  type Review,
} from '@certitude/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Markdown } from '../../components/markdown';
import { MemberLink } from '../../components/member-link';
import { VerifiedHolderMark } from '../../components/verified-holder-mark';
import { api } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { FlagButton } from '../../components/flag-button';
import { useAuthModal } from '../../lib/auth-modal-context';
import { DistributionChart } from './distribution-chart';
import { useOwnRating } from './own-rating';
import { StudyHoursBox } from './study-hours-box';
import { CRITERIA, OUTCOME_LABELS, RATINGS_TEXT } from '../../lib/ratings-text';
import './ratings.css';

// The form loads when a member opens it: visitors and readers never download it.
const RatingForm = lazy(() => import('../../components/rating-form'));

function Summary({ summary }: { summary: RatingsPage['summary'] }) {
  if (summary.count < RATINGS_FOR_MEANS) {
    return (
      <p className="text-body-secondary" data-testid="ratings-not-enough">
        {MSG.notEnoughRatings} {RATINGS_TEXT.needed(summary.count, RATINGS_FOR_MEANS)}
      </p>
    );
  }
  const outcomes = Object.entries(summary.outcomes).filter(([, n]) => n > 0);
  const told = outcomes.reduce((a, [, n]) => a + n, 0);
  return (
    <>
      <div className="row g-3 mb-3">
        {CRITERIA.map((c) => (
          <div className="col-sm-4" key={c.key}>
            <div className="fw-semibold">{c.label}</div>
            <div className="fs-4" data-testid={`mean-${c.key}`}>
              {summary[c.key].mean!.toFixed(1)} <span className="fs-6 text-body-secondary">/ 5</span>
            </div>
            <DistributionChart label={c.label} distribution={summary[c.key].distribution} />
          </div>
        ))}
      </div>
      <p className="mb-1 text-body-secondary small">
        {RATINGS_TEXT.count(summary.count)}
        {summary.verifiedHolders > 0 && (
          <span data-testid="verified-count"> · {BADGE_TEXT.verifiedCount(summary.verifiedHolders)}</span>
        )}
        .
      </p>
      {summary.studyHours.median !== null && (
        <div className="mb-1">
          <StudyHoursBox
            median={summary.studyHours.median}
            p25={summary.studyHours.p25!}
            p75={summary.studyHours.p75!}
            count={summary.studyHours.count}
          />
          <p className="mb-1">
            {RATINGS_TEXT.medianOf}
            <strong>{RATINGS_TEXT.hours(Math.round(summary.studyHours.median))}</strong>
            {RATINGS_TEXT.spread(
              summary.studyHours.count,
              Math.round(summary.studyHours.p25!),
              Math.round(summary.studyHours.p75!),
            )}
          </p>
        </div>
      )}
      {told > 0 && (
        <p className="mb-0">
          {outcomes
            .map(([o, n]) => `${OUTCOME_LABELS[o as keyof typeof OUTCOME_LABELS]}: ${Math.round((100 * n) / told)}%`)
            .join(' · ')}
        </p>
      )}
    </>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="list-group-item px-0">
      <div className="d-flex flex-wrap gap-2 small text-body-secondary">
        <strong className="text-body">
          <MemberLink username={review.username} className="link-body-emphasis" />
        </strong>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.verifiedHolder && <VerifiedHolderMark />}
        <span>{RATINGS_TEXT.reviewScores(review.difficulty, review.value, review.recognition)}</span>
        {review.outcome && <span>· {OUTCOME_LABELS[review.outcome]}</span>}
        {review.examYear && <span>· {review.examYear}</span>}
      </div>
      {review.review && <Markdown source={review.review} className="mt-1" />}
      <FlagButton targetType="rating" targetId={review.id} what="review" author={review.username} className="ps-0" />
    </li>
  );
}

/**
 * 'Rate this certification' for a member, 'Sign in to rate' for a visitor. The button goes while the form is open;
 * when the form closes (Cancel, saved, removed), the focus comes back to it (docs/product.md#keyboard).
 */
function RateButton({ formOpen, onOpen, own }: { formOpen: boolean; onOpen: () => void; own: Rating | null }) {
  const user = useCurrentUser();
  const { open } = useAuthModal();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !formOpen) button.current?.focus();
    wasOpen.current = formOpen;
  }, [formOpen]);
  if (!user) {
    return (
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => open('login')}>
        {RATINGS_TEXT.signInToRate}
      </button>
    );
  }
  if (formOpen) return null;
  // One button in both states, so that the focus given back after saving stays on it when the member's rating
  // arrives and the button turns into "Change".
  return (
    <div className="d-flex flex-wrap align-items-center gap-2" data-testid={own ? 'own-rating' : undefined}>
      {own && (
        <span id="own-rating-scores" className="small text-body-secondary">
          {MY_RATING_TEXT.scores(own.difficulty, own.value, own.recognition)}
        </span>
      )}
      <button
        ref={button}
        type="button"
        className={own ? 'btn btn-sm btn-outline-primary' : 'btn btn-sm btn-primary'}
        aria-describedby={own ? 'own-rating-scores' : undefined}
        onClick={onOpen}
      >
        {own ? (
          <>
            <span aria-hidden="true">✓ </span>
            {MY_RATING_TEXT.change}
          </>
        ) : (
          RATINGS_TEXT.rate
        )}
      </button>
    </div>
  );
}

/** The Ratings card of the certification page (docs/product.md#ratings): rendered on the server with the summary. */
export function RatingsCard({ certificationId, initial }: { certificationId: number; initial: RatingsPage }) {
  const [page, setPage] = useState(initial);
  const [more, setMore] = useState<{ reviews: Review[]; done: boolean }>({
    reviews: [],
    done: initial.reviews.length < 5,
  });
  const [formOpen, setFormOpen] = useState(false);
  const user = useCurrentUser();
  const [moreFailed, setMoreFailed] = useState(false);
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  // The member's own rating, shown whether or not the public means are (below RATINGS_FOR_MEANS they are not). Nobody
  // rated it yet: nor did the member, and the server's 404 for "no rating" need not be asked for.
  const maybeRated = page.summary.count > 0 || verifiedOnly;
  const own = useOwnRating(certificationId, maybeRated ? (user?.id ?? null) : null);
  // The reviews are the ratings with words (docs/product.md#ratings); the summary counts every rating.
  const filter = (only: boolean) => `&reviewed=true${only ? '&verified=true' : ''}`;
  const reviews = [...page.reviews, ...more.reviews];
  const reload = async (only = verifiedOnly) => {
    setPage(
      await api(`/api/certification/${certificationId}/ratings?limit=5${filter(only)}`, {
        schema: __CHECK_ANSWERS__ && ratingsPageSchema,
      }),
    );
    setMore({ reviews: [], done: false });
  };
  const switchVerified = (only: boolean) => {
    setVerifiedOnly(only);
    void reload(only);
  };
  const loadMore = async () => {
    const last = reviews.at(-1);
    setMoreFailed(false);
    try {
      const next = await api(
        `/api/certification/${certificationId}/ratings?limit=10&cursor=${last!.id}${filter(verifiedOnly)}`,
        {
          schema: __CHECK_ANSWERS__ && ratingsPageSchema,
        },
      );
      setMore({ reviews: [...more.reviews, ...next.reviews], done: next.reviews.length < 10 });
    } catch {
      setMoreFailed(true);
    }
  };
  return (
    <section className="card shadow-sm mt-4" aria-labelledby="ratings-title">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-3">
          <h2 id="ratings-title" className="h5 mb-0">
            {RATINGS_TEXT.title}
          </h2>
          <RateButton formOpen={formOpen} onOpen={() => setFormOpen(true)} own={own.rating ?? null} />
        </div>
        {formOpen && (
          <Suspense fallback={<p className="text-body-secondary">{TEXT.loadingForm}</p>}>
            <RatingForm
              certificationId={certificationId}
              onDone={() => {
                setFormOpen(false);
                own.reload();
                void reload();
              }}
            />
          </Suspense>
        )}
        {(page.summary.verifiedHolders > 0 || verifiedOnly) && (
          <div className="form-check form-switch mb-2">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              id="ratings-verified-only"
              checked={verifiedOnly}
              onChange={(e) => switchVerified(e.target.checked)}
            />
            <label className="form-check-label" htmlFor="ratings-verified-only">
              {BADGE_TEXT.verifiedOnly}
            </label>
          </div>
        )}
        <Summary summary={page.summary} />
        {reviews.length > 0 && (
          <>
            <h3 className="h6 mt-4">{RATINGS_TEXT.reviews}</h3>
            <ul className="list-group list-group-flush" data-testid="reviews">
              {reviews.map((r) => (
                <ReviewItem key={r.id} review={r} />
              ))}
            </ul>
            {moreFailed && (
              <p className="text-danger small mb-0" role="alert">
                {MSG.moreReviewsFailed}
              </p>
            )}
            {!more.done && (
              <button type="button" className="btn btn-link px-0" onClick={() => void loadMore()}>
                {RATINGS_TEXT.moreReviews}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
