import { ACCOUNT_TEXT, type OAuthProvider } from '@certitude/shared';
import { apiUrl } from '../../lib/api-client';

const PROVIDERS: { id: OAuthProvider; label: string }[] = [
  { id: 'google', label: ACCOUNT_TEXT.google },
  { id: 'github', label: ACCOUNT_TEXT.github },
];

/** Sign-in with Google or GitHub: a full-page trip through the server's /auth/oauth/{provider}. */
export function SocialButtons() {
  return (
    <div className="mt-3">
      <div className="d-flex align-items-center gap-2 my-2 text-body-secondary small" aria-hidden="true">
        <hr className="flex-grow-1 my-0" />
        {ACCOUNT_TEXT.orContinueWith}
        <hr className="flex-grow-1 my-0" />
      </div>
      <div className="d-flex gap-2">
        {PROVIDERS.map((p) => (
          <a key={p.id} className="btn btn-outline-secondary flex-fill" href={apiUrl(`/auth/oauth/${p.id}`)}>
            {p.label}
          </a>
        ))}
      </div>
    </div>
  );
}
