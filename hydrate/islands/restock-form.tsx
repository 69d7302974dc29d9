/**
 * The restock sign-up widget (spec sections 2, 4, 5 and 7) on the server's
 * form (templates/markup/commerce-restock-notification.html, one per
 * sold-out variant; variant-page-effects.ts shows the chosen variant's
 * only). The markup is the reference engine's, so the island adds what it
 * lacks: a name for the email field and a place for messages. In the
 * spec's order: the email is checked ('Email cannot be blank', 'Email is
 * invalid'), then the captcha's token when the site has a key, then the
 * call; on success the widget keeps only its call to action and says
 * 'Signed up!' or the store's own text, on failure it shows the answer's
 * message and resets the captcha.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { FORM_MESSAGES } from '../../shared/form-messages.ts';
import { isValidEmail } from '../../shared/form-validation.ts';
import { RESTOCK_MESSAGES } from '../../shared/restock-messages.ts';
import { apiRequest, CLIENT_MESSAGES, ClientApiError } from '../api-client.ts';
import { type CaptchaWidget, mountCaptcha } from '../captcha/captcha-widget.ts';
import type { IslandProps } from '../island-types.ts';

export const RESTOCK_SIGN_UP_PATH = '/api/site-users/account/notifications/restock';

/** Where the product template says what the page's restock widgets need (templates/default/collections/products.item). */
const SETTINGS_SELECTOR = '[data-restock-settings]';

/** Set while the island handles the widget's form (templates/default/styles/site.css shows the widget only then). */
export const READY_ATTRIBUTE = 'data-restock-ready';

type Phase = 'idle' | 'sending' | 'done';

export function RestockForm({ element }: IslandProps) {
  const form = element.querySelector<HTMLFormElement>('form.product-restock-form');
  const email = form?.querySelector<HTMLInputElement>('input[name="email"]') ?? null;
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const messageId = useId();
  const message = useRef<HTMLParagraphElement>(null);
  const captcha = useRef<CaptchaWidget | null>(null);
  const sending = useRef(false);
  const [settings] = useState(() => {
    const data = element.closest<HTMLElement>(SETTINGS_SELECTOR)?.dataset;
    return { captchaSiteKey: data?.captchaSiteKey ?? '', successText: data?.restockSuccessText ?? '' };
  });

  useEffect(() => {
    if (!form || !email) return;
    const cta = element.querySelector<HTMLElement>('.product-restock-cta');
    if (cta && !cta.id) cta.id = `${messageId}-cta`;
    // The reference markup names the field by its placeholder only, which is gone once the visitor types.
    email.type = 'email';
    email.autocomplete = 'email';
    email.setAttribute('aria-label', email.placeholder || 'Email');
    email.setAttribute('aria-describedby', [cta?.id, messageId].filter(Boolean).join(' '));
    // The island's own messages, not the browser's, say what is wrong with the address.
    form.noValidate = true;

    const container = element.querySelector<HTMLElement>('.captcha-container');
    const siteKey = settings.captchaSiteKey;
    let cancelled = false;
    if (container && siteKey) {
      void mountCaptcha(container, siteKey).then(
        (widget) => {
          if (cancelled) widget.destroy();
          else captcha.current = widget;
        },
        (error: unknown) => console.warn('the captcha could not be loaded', error),
      );
    }

    const onSubmit = async (event: SubmitEvent) => {
      event.preventDefault();
      if (sending.current) return;
      const address = email.value.trim();
      const invalid =
        address === '' ? RESTOCK_MESSAGES.emailBlank : isValidEmail(address) ? null : RESTOCK_MESSAGES.emailInvalid;
      if (invalid) {
        setProblem(invalid);
        return;
      }
      let token: string | null = null;
      if (siteKey) {
        token = captcha.current?.token() ?? null;
        if (!token) {
          setProblem(FORM_MESSAGES.captchaMissing);
          return;
        }
      }
      sending.current = true;
      setPhase('sending');
      setProblem(null);
      const join = element.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]');
      try {
        await apiRequest(RESTOCK_SIGN_UP_PATH, {
          method: 'POST',
          body: {
            productId: element.dataset.productId,
            variantId: element.dataset.variantId,
            siteVisitorEmail: address,
            isJoinMailingList: join?.checked ?? false,
            ...(token ? { captchaToken: token } : {}),
          },
        });
        captcha.current?.destroy();
        captcha.current = null;
        setPhase('done');
      } catch (error) {
        sending.current = false;
        captcha.current?.reset();
        setProblem(error instanceof ClientApiError ? error.message : CLIENT_MESSAGES.unknown);
        setPhase('idle');
      }
    };
    const listener = (event: Event) => void onSubmit(event as SubmitEvent);
    form.addEventListener('submit', listener);
    // The stylesheet shows the widget from here on: before this a submit would go nowhere.
    element.setAttribute(READY_ATTRIBUTE, '');
    return () => {
      cancelled = true;
      element.removeAttribute(READY_ATTRIBUTE);
      form.removeEventListener('submit', listener);
      captcha.current?.destroy();
      captcha.current = null;
    };
  }, [element, form, email, settings, messageId]);

  useLayoutEffect(() => {
    if (!form || !email) return;
    const button = form.querySelector<HTMLInputElement>('input[type="submit"]');
    if (button) button.disabled = phase === 'sending';
    if (phase === 'sending') form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
    if (problem === null) email.removeAttribute('aria-invalid');
    else {
      email.setAttribute('aria-invalid', 'true');
      email.focus();
    }
    if (phase !== 'done') return;
    // Spec section 4: only the call to action stays, with the success text after it.
    for (const child of Array.from(element.children)) {
      if (child.classList.contains('product-restock-cta') || child.contains(message.current)) continue;
      child.remove();
    }
    message.current?.focus();
  }, [element, form, email, phase, problem]);

  if (!form || !email) return null;
  const text = phase === 'done' ? settings.successText || RESTOCK_MESSAGES.signedUp : problem;
  return (
    <p
      id={messageId}
      ref={message}
      className={`product-restock-message${phase === 'done' ? ' is-success' : problem ? ' is-error' : ''}`}
      role={phase === 'done' ? 'status' : 'alert'}
      tabIndex={-1}
    >
      {text}
    </p>
  );
}
