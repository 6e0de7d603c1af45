import { PRODUCT_NAME, PUBLIC_PROFILE_TEXT, publicProfileDescription, publicProfileTitle } from '@certitude/shared';
import { PublicProfileView } from '../features/members/public-profile';
import { publicPlanEntries, publicPlanKnown } from '../features/members/public-plan-data';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/public-profile';

export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await context.data.publicProfile(params.username);
  // An unknown name is the app's 404 page (root's error boundary), with the status 404.
  if (!profile) throw new Response(PUBLIC_PROFILE_TEXT.notFound, { status: 404 });
  // The plan's costs, medians and next steps are worked out here, so that the page is whole without a request.
  const known = 'unavailable' in profile ? null : await publicPlanKnown(context.data, publicPlanEntries(profile));
  return { profile, known, publicUrl: context.publicUrl };
}

function monthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const meta: Route.MetaFunction = ({ data }) => {
  const profile = data?.profile;
  if (!profile)
    return [{ title: `${PUBLIC_PROFILE_TEXT.notFound} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];
  if ('unavailable' in profile)
    return [{ title: `${profile.username} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: publicProfileTitle(profile.username),
    description: publicProfileDescription(profile.username, monthYear(profile.joinedAt), profile.held.length),
    url: `${data.publicUrl}/u/${encodeURIComponent(profile.username)}`,
    type: 'website',
  });
};

/** /u/{username}: a member's public profile, rendered on the server (docs/product.md#public-profile-page). */
export default function PublicProfileScreen({ loaderData }: Route.ComponentProps) {
  const { profile, known } = loaderData;
  return (
    <div className="container py-4" style={{ maxWidth: '48rem' }}>
      {'unavailable' in profile ? (
        <>
          <h1 className="h2 mb-3">{profile.username}</h1>
          <div className="alert alert-secondary" role="status">
            {profile.unavailable === 'suspended' ? PUBLIC_PROFILE_TEXT.suspended : PUBLIC_PROFILE_TEXT.deleted}
          </div>
        </>
      ) : (
        <PublicProfileView profile={profile} known={known} />
      )}
    </div>
  );
}
