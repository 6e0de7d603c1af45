import {
  alreadyUnsubscribedText,
  EMAIL_KIND_LABELS,
  MEMBER_EMAIL_TEXT,
  PRODUCT_NAME,
  UNSUBSCRIBE_TEXT,
  unsubscribeQuestion,
} from '@certitude/shared';
import { Link } from 'react-router';
import type { Route } from './+types/unsubscribe';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  // Reading the token changes nothing: the member confirms with the form, which the server answers itself.
  const info = token ? await context.data.unsubscribeInfo(token) : null;
  return { token, info };
}

/** The page names the member of the link: no browser, proxy or shared cache keeps a copy (docs/security.md). */
export const headers = () => ({ 'Cache-Control': 'no-store' });

export const meta = () => [
  { title: `${UNSUBSCRIBE_TEXT.title} | ${PRODUCT_NAME}` },
  { name: 'robots', content: 'noindex' },
];

/**
 * /unsubscribe?token= (docs/product.md#unsubscribe-page): which emails the mailed link turns off, for which member,
 * and a plain HTML form that confirms it (RFC 8058's one-click body), so it works without JavaScript too.
 */
export default function UnsubscribeScreen({ loaderData }: Route.ComponentProps) {
  const { token, info } = loaderData;
  const label = info ? EMAIL_KIND_LABELS[info.kind] : '';
  return (
    <div className="container py-5" style={{ maxWidth: '40rem' }}>
      <h1 className="h3 mb-3">{UNSUBSCRIBE_TEXT.title}</h1>
      {!info ? (
        <div className="alert alert-warning" role="alert">
          {MEMBER_EMAIL_TEXT.unsubscribeInvalid}
        </div>
      ) : info.subscribed ? (
        <form method="post" action={`/unsubscribe?token=${encodeURIComponent(token)}`}>
          <p>{unsubscribeQuestion(label, info.username)}</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className="btn btn-danger">
            {UNSUBSCRIBE_TEXT.confirm}
          </button>
        </form>
      ) : (
        <p role="status">{alreadyUnsubscribedText(label, info.username)}</p>
      )}
      {info && <p className="text-body-secondary small mt-4">{UNSUBSCRIBE_TEXT.settingsHint}</p>}
      <Link to="/profile" className="btn btn-outline-secondary btn-sm">
        {UNSUBSCRIBE_TEXT.goToProfile}
      </Link>
    </div>
  );
}
