/* The server's social sign-in pointed at providers running on this machine (imported by tests only). */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';

/** Google and GitHub sign-in against a local OAuth server (`issuer`) and a local stand-in for GitHub's API. */
export function localOAuthEnv(issuer: string, githubApi: Server): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    OAUTH_GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
    OAUTH_GOOGLE_TOKEN_URL: `${issuer}/token`,
    OAUTH_GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    GITHUB_CLIENT_ID: 'github-client',
    GITHUB_CLIENT_SECRET: 'github-secret',
    OAUTH_GITHUB_AUTHORIZATION_URL: `${issuer}/authorize`,
    OAUTH_GITHUB_TOKEN_URL: `${issuer}/token`,
    OAUTH_GITHUB_API_URL: `http://127.0.0.1:${(githubApi.address() as AddressInfo).port}`,
  };
}

/** A local OAuth server on a free port, signing with RS256, whose userinfo answers what `user()` gives at the time. */
export async function startOAuthProvider(user: () => unknown): Promise<OAuth2Server> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (res: { body: unknown }) => {
    res.body = user();
  });
  return provider;
}
