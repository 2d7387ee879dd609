import {
  BadGatewayException,
  ForbiddenException,
  Inject,
  Injectable,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { ACCOUNT_MESSAGES, normalizeEmail, OAUTH_SCOPES, type AccessTokenResponse, type AuthProvidersResponse } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { UsersRepository } from '../../core/users/users.repository.js';
import { AuthService, type ClientInfo } from './auth.service.js';

const PROVIDER_TIMEOUT_MS = 10_000;

interface ProviderProfile {
  email: string | null;
  emailVerified: boolean;
}

async function callProvider(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new BadGatewayException(ACCOUNT_MESSAGES.providerUnavailable);
  }
}

async function json(response: Response): Promise<Record<string, unknown>> {
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    throw new UnauthorizedException(ACCOUNT_MESSAGES.oauthTokenRejected);
  }
  if (!response.ok) throw new BadGatewayException(ACCOUNT_MESSAGES.providerUnavailable);
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    throw new BadGatewayException(ACCOUNT_MESSAGES.providerUnavailable);
  }
}

/**
 * Sign-in with Google and Microsoft. The server asks the provider itself who the token belongs to
 * (never trusting a profile the browser sends), then signs in the registered account of that e-mail.
 */
@Injectable()
export class OAuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  /** What the sign-in page needs to start each configured provider's flow: public ids and addresses only. */
  providers(): AuthProvidersResponse {
    const { google, microsoft } = this.config;
    return {
      google: google.clientId
        ? { client_id: google.clientId, authorize_url: google.authorizeUrl, redirect_uri: google.redirectUri, scope: OAUTH_SCOPES.google }
        : null,
      // The code exchange needs the secret too: without it the button would only lead to a 503.
      microsoft:
        microsoft.clientId && microsoft.clientSecret && microsoft.redirectUri
          ? {
              client_id: microsoft.clientId,
              authorize_url: microsoft.authorizeUrl,
              redirect_uri: microsoft.redirectUri,
              scope: OAUTH_SCOPES.microsoft,
            }
          : null,
    };
  }

  async google(accessToken: string, client: ClientInfo): Promise<AccessTokenResponse> {
    const { clientId, tokeninfoUrl, userinfoUrl } = this.config.google;
    if (!clientId) throw new ServiceUnavailableException(ACCOUNT_MESSAGES.googleNotConfigured);
    // Whose token is it for? A token Google issued to any other site's sign-in (which that site
    // could replay here) must not open an account on this one: its audience must be our client.
    const info = await json(
      await callProvider(tokeninfoUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: accessToken }),
      }),
    );
    if (info.aud !== clientId) throw new UnauthorizedException(ACCOUNT_MESSAGES.oauthTokenRejected);
    const profile = await json(await callProvider(userinfoUrl, { headers: { authorization: `Bearer ${accessToken}` } }));
    return this.signIn(
      { email: typeof profile.email === 'string' ? profile.email : null, emailVerified: profile.email_verified === true },
      client,
    );
  }

  async microsoft(code: string, client: ClientInfo): Promise<AccessTokenResponse> {
    const { clientId, clientSecret, redirectUri, tokenUrl, profileUrl } = this.config.microsoft;
    if (!clientId || !clientSecret) throw new ServiceUnavailableException(ACCOUNT_MESSAGES.microsoftNotConfigured);
    const grant = await json(
      await callProvider(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: clientId,
          client_secret: clientSecret,
          code,
          redirect_uri: redirectUri!,
          grant_type: 'authorization_code',
          scope: OAUTH_SCOPES.microsoft,
        }),
      }),
    );
    if (typeof grant.access_token !== 'string') throw new BadGatewayException(ACCOUNT_MESSAGES.providerUnavailable);
    const me = await json(await callProvider(profileUrl, { headers: { authorization: `Bearer ${grant.access_token}` } }));
    // The sign-in name, not `mail`: any tenant's administrator can set `mail` to any address, and
    // the /common endpoint accepts every tenant (the "nOAuth" account takeover).
    const email = typeof me.userPrincipalName === 'string' ? me.userPrincipalName : null;
    return this.signIn({ email, emailVerified: email !== null }, client);
  }

  private async signIn(profile: ProviderProfile, client: ClientInfo): Promise<AccessTokenResponse> {
    const user = profile.email && profile.emailVerified ? await this.users.findByEmail(normalizeEmail(profile.email)) : null;
    if (!user) {
      throw new ForbiddenException(
        ACCOUNT_MESSAGES.googleNotRegistered.replace('{host}', this.config.publicUrl).replace('{email}', this.config.supportEmail),
      );
    }
    if (!user.emailVerifiedAt) {
      // The provider has just proved the address belongs to this person.
      await this.users.update(user.id, { emailVerifiedAt: new Date() });
      user.emailVerifiedAt = new Date();
    }
    return this.auth.startSession(user, client);
  }
}
