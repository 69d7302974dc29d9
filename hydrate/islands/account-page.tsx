/**
 * The site user's pages under /account (templates/default/pages/account.page):
 * the server renders the page and its heading, this island the forms,
 * chosen by the root's data-account-page. Sign-in and sign-up go back to
 * where the visitor came from (?return=, a path on this site only) with a
 * full page load, so the header and locked pages see the new session.
 */
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { SITE_USER_MESSAGES } from '../../shared/site-user-messages.ts';
import { emailProblem, fieldProblems, nameProblem, newPasswordProblem } from '../../shared/site-user-validation.ts';
import { AccountForm } from '../account/account-form.tsx';
import {
  type Account,
  changePassword,
  completePasswordReset,
  loadAccount,
  requestPasswordReset,
  resendVerification,
  saveProfile,
  signIn,
  signOut,
  signUp,
  verifyEmail,
} from '../account/site-user-calls.ts';
import { ClientApiError } from '../api-client.ts';
import type { IslandProps } from '../island-types.ts';

const passwordMissing = (password: string) => (password === '' ? SITE_USER_MESSAGES.passwordMissing : null);

/** Where to go after signing in: the ?return= path when it is one of this site's, else the account. */
export function returnPath(search: string): string {
  const target = new URLSearchParams(search).get('return') ?? '';
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/account';
}

const queryToken = () => new URLSearchParams(window.location.search).get('token') ?? '';

function AccountLinks({ links }: { links: Array<[string, string]> }) {
  return (
    <ul className="account-links">
      {links.map(([href, text]) => (
        <li key={href}>
          <a className="text-link" href={href}>
            {text}
          </a>
        </li>
      ))}
    </ul>
  );
}

function SignInPage({ context }: IslandProps) {
  const back = returnPath(window.location.search);
  return (
    <AccountForm
      label="Sign in"
      fields={[
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
      ]}
      checkbox={{ name: 'rememberMe', label: 'Remember me' }}
      submitLabel="Sign in"
      busyLabel="Signing in…"
      check={(values) =>
        fieldProblems({ email: emailProblem(values.email!), password: passwordMissing(values.password!) })
      }
      onSubmit={async (values, rememberMe) => {
        await signIn(values.email!.trim(), values.password!, rememberMe);
        context.navigate(back);
        return undefined;
      }}
    >
      <AccountLinks
        links={[
          [`/account/sign-up${back === '/account' ? '' : `?return=${encodeURIComponent(back)}`}`, 'Create an account'],
          ['/account/forgot-password', 'Forgot your password?'],
        ]}
      />
    </AccountForm>
  );
}

function SignUpPage({ context }: IslandProps) {
  const back = returnPath(window.location.search);
  return (
    <AccountForm
      label="Create an account"
      fields={[
        { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
      ]}
      submitLabel="Create account"
      busyLabel="Creating account…"
      check={(values) =>
        fieldProblems({
          name: nameProblem(values.name!),
          email: emailProblem(values.email!),
          password: newPasswordProblem(values.password!),
        })
      }
      onSubmit={async (values) => {
        await signUp({ email: values.email!.trim(), password: values.password!, name: values.name!.trim() });
        context.navigate(back);
        return undefined;
      }}
    >
      <AccountLinks
        links={[
          [`/account/sign-in${back === '/account' ? '' : `?return=${encodeURIComponent(back)}`}`, 'Sign in instead'],
        ]}
      />
    </AccountForm>
  );
}

function ForgotPasswordPage() {
  return (
    <AccountForm
      label="Forgot your password?"
      fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]}
      submitLabel="Send reset link"
      busyLabel="Sending…"
      check={(values) => fieldProblems({ email: emailProblem(values.email!) })}
      onSubmit={async (values) => {
        await requestPasswordReset(values.email!.trim());
        return 'If an account uses that email, a link to choose a new password is on its way.';
      }}
    >
      <AccountLinks links={[['/account/sign-in', 'Back to sign in']]} />
    </AccountForm>
  );
}

function ResetPasswordPage() {
  const token = queryToken();
  if (token === '')
    return <p className="form-error">This link is not complete. Please open the link from your email again.</p>;
  return (
    <AccountForm
      label="Choose a new password"
      fields={[{ name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password' }]}
      submitLabel="Save password"
      busyLabel="Saving…"
      clearOnSuccess
      check={(values) => fieldProblems({ password: newPasswordProblem(values.password!) })}
      onSubmit={async (values) => {
        await completePasswordReset(token, values.password!);
        return 'Your password is saved. You can sign in with it now.';
      }}
    >
      <AccountLinks links={[['/account/sign-in', 'Sign in']]} />
    </AccountForm>
  );
}

function VerifyEmailPage() {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const token = queryToken();
    if (token === '') {
      setOutcome({ ok: false, text: 'This link is not complete. Please open the link from your email again.' });
      return;
    }
    verifyEmail(token).then(
      () => setOutcome({ ok: true, text: 'Thank you: your email address is verified.' }),
      (error: unknown) =>
        setOutcome({ ok: false, text: error instanceof ClientApiError ? error.message : 'Something went wrong' }),
    );
  }, []);
  if (outcome === null) return <p role="status">Checking your link…</p>;
  return (
    <>
      <p className={outcome.ok ? 'form-notice' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
        {outcome.text}
      </p>
      <AccountLinks links={[['/account', 'Go to your account']]} />
    </>
  );
}

function AccountOverview({ context }: IslandProps) {
  const [account, setAccount] = useState<Account | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [mailNotice, setMailNotice] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the account is read once, when the page opens
  useEffect(() => {
    loadAccount().then(setAccount, (error: unknown) => {
      if (error instanceof ClientApiError && error.status === 401) {
        context.navigate(`/account/sign-in?return=${encodeURIComponent('/account')}`);
      } else setProblem(error instanceof ClientApiError ? error.message : 'Something went wrong');
    });
  }, []);

  if (problem !== null)
    return (
      <p className="form-error" role="alert">
        {problem}
      </p>
    );
  if (account === null) return <p role="status">Loading your account…</p>;

  async function leave() {
    setSigningOut(true);
    try {
      await signOut(false);
      context.navigate('/');
    } catch (error) {
      setProblem(error instanceof ClientApiError ? error.message : 'Something went wrong');
      setSigningOut(false);
    }
  }

  async function resend() {
    try {
      await resendVerification();
      setMailNotice('A new verification link is on its way.');
    } catch (error) {
      setMailNotice(error instanceof ClientApiError ? error.message : 'Something went wrong');
    }
  }

  return (
    <>
      <section className="account-section" aria-labelledby="account-profile-heading">
        <h2 id="account-profile-heading">Profile</h2>
        <p>
          Signed in as <strong>{account.email}</strong>
          {account.emailVerified ? ' (verified)' : ' (not verified yet)'}
        </p>
        {!account.emailVerified && (
          <p>
            <button className="button button--secondary" type="button" onClick={resend}>
              Send the verification link again
            </button>
          </p>
        )}
        {mailNotice !== null && <p role="status">{mailNotice}</p>}
        <AccountForm
          label="Profile"
          fields={[{ name: 'name', label: 'Name', type: 'text', autoComplete: 'name', defaultValue: account.name }]}
          submitLabel="Save profile"
          busyLabel="Saving…"
          check={(values) => fieldProblems({ name: nameProblem(values.name!) })}
          onSubmit={async (values) => {
            setAccount(await saveProfile(values.name!.trim()));
            return 'Your profile is saved.';
          }}
        />
      </section>
      <section className="account-section" aria-labelledby="account-password-heading">
        <h2 id="account-password-heading">Password</h2>
        <AccountForm
          label="Change password"
          fields={[
            { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
            { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
          ]}
          submitLabel="Change password"
          busyLabel="Saving…"
          clearOnSuccess
          check={(values) =>
            fieldProblems({
              currentPassword: passwordMissing(values.currentPassword!),
              newPassword: newPasswordProblem(values.newPassword!),
            })
          }
          onSubmit={async (values) => {
            await changePassword(values.currentPassword!, values.newPassword!);
            return 'Your password is changed. Your other devices are signed out.';
          }}
        />
      </section>
      <section className="account-section" aria-labelledby="account-sign-out-heading">
        <h2 id="account-sign-out-heading">Sign out</h2>
        <button className="button" type="button" onClick={leave} aria-disabled={signingOut ? true : undefined}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </section>
    </>
  );
}

const PAGES: Record<string, (props: IslandProps) => ReactElement> = {
  'sign-in': SignInPage,
  'sign-up': SignUpPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
  'verify-email': VerifyEmailPage,
  account: AccountOverview,
};

export function AccountPage(props: IslandProps) {
  const Page = PAGES[props.element.dataset.accountPage ?? ''];
  if (!Page) return <p className="form-error">This account page is not known.</p>;
  return <Page {...props} />;
}
