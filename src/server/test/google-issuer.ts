import { OAuth2Server } from 'oauth2-mock-server';

/** The account the local issuer signs everyone in as. */
export const googleAccount = {
  sub: 'google-user-1',
  email: 'gwen.google@example.com',
  name: 'Gwen Google',
};

/**
 * A local OpenID Connect issuer standing in for Google: it speaks the same protocol (discovery,
 * authorize, token, userinfo, JWKS), so the real sign-in code runs against it. Authorize answers
 * at once, as if the person had chosen their account.
 */
export async function startGoogleIssuer(
  port = 0,
): Promise<{ discoveryUrl: string; stop(): Promise<void> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { ...googleAccount, email_verified: true });
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = { ...googleAccount, email_verified: true };
  });
  await server.start(port, '127.0.0.1');
  return {
    discoveryUrl: `${server.issuer.url}/.well-known/openid-configuration`,
    stop: () => server.stop(),
  };
}
