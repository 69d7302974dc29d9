/**
 * The consent banner of a site whose owner chose a restrictive cookie
 * policy: until the visitor accepts, the census keeps no visitor cookies
 * (restrictive mode). A region at the foot of the viewport, not a dialog:
 * it takes no focus and hides nothing the visitor must reach first.
 */
import { CONSENT_COOKIE } from '../../shared/analytics-rules.ts';
import type { CookieJar } from './visitor-cookies.ts';

export const CONSENT_TEXT = {
  label: 'Cookie consent',
  message: 'This site uses cookies to count visits and understand how it is used. Do you accept them?',
  accept: 'Accept',
  decline: 'Decline',
} as const;

export type ConsentAnswer = 'accepted' | 'declined';

export function consentAnswer(cookies: CookieJar): ConsentAnswer | undefined {
  const value = cookies.get(CONSENT_COOKIE.name);
  return value === 'accepted' || value === 'declined' ? value : undefined;
}

/** Shows the banner; `answered` hears the visitor's choice once it is stored. */
export function showConsentBanner(
  doc: Document,
  cookies: CookieJar,
  answered: (answer: ConsentAnswer) => void,
): HTMLElement {
  const banner = doc.createElement('section');
  banner.className = 'sb-consent-banner';
  banner.setAttribute('aria-label', CONSENT_TEXT.label);
  // The platform's, not the template's: it must look the same whatever the site's stylesheet says.
  Object.assign(banner.style, {
    position: 'fixed',
    insetInline: '1rem',
    bottom: '1rem',
    zIndex: '1000',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '0.75rem 1.5rem',
    padding: '1rem 1.25rem',
    background: '#1f1f1f',
    color: '#fff',
    borderRadius: '0.5rem',
    boxShadow: '0 4px 24px rgb(0 0 0 / 0.25)',
    font: '400 0.95rem/1.4 system-ui, sans-serif',
  });
  const message = doc.createElement('p');
  message.style.margin = '0';
  message.style.flex = '1 1 20rem';
  message.textContent = CONSENT_TEXT.message;
  const actions = doc.createElement('div');
  actions.className = 'sb-consent-actions';
  for (const answer of ['accepted', 'declined'] as const) {
    const button = doc.createElement('button');
    button.type = 'button';
    Object.assign(button.style, {
      marginInlineStart: '0.5rem',
      padding: '0.5rem 1rem',
      border: '1px solid #fff',
      borderRadius: '0.25rem',
      background: answer === 'accepted' ? '#fff' : 'transparent',
      color: answer === 'accepted' ? '#1f1f1f' : '#fff',
      font: 'inherit',
      cursor: 'pointer',
    });
    button.textContent = answer === 'accepted' ? CONSENT_TEXT.accept : CONSENT_TEXT.decline;
    button.addEventListener('click', () => {
      cookies.set(CONSENT_COOKIE.name, answer, CONSENT_COOKIE.maxAgeMs);
      banner.remove();
      answered(answer);
    });
    actions.append(button);
  }
  banner.append(message, actions);
  doc.body.append(banner);
  return banner;
}
