/**
 * The site-user calls the account pages make (spec section 7): sign-in and
 * sign-up keep the XSRF token they answer for later writes; sign-out is
 * retried once when the answer says crumbFail (spec section 4) and forgets
 * the token either way, since the session it belonged to is gone.
 */
import { apiRequest } from '../api-client.ts';
import { forgetSiteUserToken, keepSiteUserToken, signedInUserId } from '../site-user-token.ts';

export const ACCOUNT_PATH = '/api/site-users/account';
export const SESSION_PATH = `${ACCOUNT_PATH}/session`;

export interface Account {
  siteUserId: string;
  email: string;
  name: string;
  locale: string | null;
  emailVerified: boolean;
}

export async function signIn(email: string, password: string, rememberMe: boolean): Promise<void> {
  const { xsrfToken } = await apiRequest<{ xsrfToken: string }>(SESSION_PATH, {
    method: 'POST',
    body: { email, password, rememberMe },
  });
  // The info cookie the answer set names the user the token is for.
  const userId = signedInUserId();
  if (userId !== undefined) keepSiteUserToken(userId, xsrfToken);
}

export async function signUp(input: { email: string; password: string; name: string }): Promise<void> {
  const { xsrfToken, siteUserId } = await apiRequest<{ xsrfToken: string; siteUserId: string }>(ACCOUNT_PATH, {
    method: 'POST',
    body: input,
  });
  keepSiteUserToken(siteUserId, xsrfToken);
}

export async function signOut(cloneCart: boolean): Promise<void> {
  try {
    await apiRequest(`${SESSION_PATH}?cloneCart=${cloneCart}`, { method: 'DELETE', retryOnCrumbFail: true });
  } finally {
    forgetSiteUserToken();
  }
}

export const loadAccount = () => apiRequest<Account>(ACCOUNT_PATH);

export const saveProfile = (name: string) =>
  apiRequest<Account>(`${ACCOUNT_PATH}/profile`, { method: 'PUT', body: { name } });

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiRequest(`${ACCOUNT_PATH}/password`, { method: 'PUT', body: { currentPassword, newPassword } });

export const requestPasswordReset = (email: string) =>
  apiRequest(`${ACCOUNT_PATH}/password-reset`, { method: 'POST', body: { email } });

export const completePasswordReset = (token: string, password: string) =>
  apiRequest(`${ACCOUNT_PATH}/password-reset/complete`, { method: 'POST', body: { token, password } });

export const verifyEmail = (token: string) =>
  apiRequest(`${ACCOUNT_PATH}/email-verification`, { method: 'POST', body: { token } });

export const resendVerification = () =>
  apiRequest(`${ACCOUNT_PATH}/email-verification/send`, { method: 'POST', body: {} });
