/**
 * The site-wide promotional popup (spec section 2: page type 104, popup
 * overlay) on the server's markup (templates/sections/popup-overlay.html),
 * which arrives hidden. After data-popup-delay seconds the island shows it,
 * unless the browser's local storage, under the spec's keys, says not to:
 * - `version`: the popup version the visitor has seen; a higher version in
 *   the settings shows the popup again, and forgets the two keys below;
 * - `submitted`: the visitor signed up through it: never again for this version;
 * - `date-closed`: when the visitor closed it: not again for
 *   data-popup-closed-days days.
 *
 * Shown, it is a modal dialog: focus moves in and is held there, Escape, the
 * close button and a click outside the panel close it, and focus goes back
 * where it was. Its newsletter form is sent like a newsletter block's
 * (site-form/submit-form.ts: check, key, save), with the captcha's token
 * asked for with the spec's PROMO_POPUP_SUBMISSION action when the site has
 * a captcha.
 */
import { useEffect } from 'react';
import { FORM_MESSAGES } from '../../shared/form-messages.ts';
import { validateForm } from '../../shared/form-validation.ts';
import {
  POPUP_DEFAULTS,
  POPUP_STORAGE_KEYS,
  type PopupRules,
  shouldShowPopup,
  wholeNumber,
} from '../../shared/popup-overlay.ts';
import { requestCensusCall } from '../analytics/track-request.ts';
import { type CaptchaWidget, mountCaptcha } from '../captcha/captcha-widget.ts';
import type { IslandProps } from '../island-types.ts';
import { trapFocus } from '../modal/focus-trap.ts';
import { fieldControls, pageFields, readAnswers, readFields } from '../site-form/form-markup.ts';
import { submitForm } from '../site-form/submit-form.ts';
import { SITE_FORM_TEXT, showProblems } from './site-form.tsx';

/** The popup's rules from its markup; a missing or odd attribute is the default. */
export function readPopupRules(element: HTMLElement): PopupRules {
  const data = element.dataset;
  return {
    version: wholeNumber(data.popupVersion, POPUP_DEFAULTS.version),
    delaySeconds: wholeNumber(data.popupDelay, POPUP_DEFAULTS.delaySeconds),
    closedDays: wholeNumber(data.popupClosedDays, POPUP_DEFAULTS.closedDays),
  };
}

/** The browser's local storage, or undefined where it is switched off (then nothing could keep the popup closed). */
function storageOf(view: Window | null): Storage | undefined {
  try {
    const storage = view?.localStorage;
    return storage ?? undefined;
  } catch {
    return undefined;
  }
}

function remember(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // A full or refused storage only means the popup may show again.
  }
}

export function PopupOverlay({ element }: IslandProps) {
  useEffect(() => {
    const doc = element.ownerDocument;
    const view = doc.defaultView;
    const panel = element.querySelector<HTMLElement>('[role="dialog"]');
    const storage = storageOf(view);
    if (!view || !panel || !storage) return;
    const rules = readPopupRules(element);
    const memory = {
      dateClosed: storage.getItem(POPUP_STORAGE_KEYS.dateClosed),
      version: storage.getItem(POPUP_STORAGE_KEYS.version),
      submitted: storage.getItem(POPUP_STORAGE_KEYS.submitted),
    };
    if (!shouldShowPopup(memory, rules, Date.now())) return;

    const form = element.querySelector<HTMLFormElement>('form[data-popup-form-id]');
    let release: (() => void) | undefined;
    let opener: HTMLElement | null = null;
    let captcha: CaptchaWidget | null = null;
    let cancelled = false;
    let sending = false;
    // A press that starts in the panel and is released outside it (selecting text) is not an outside click.
    let pressedInPanel = false;

    const close = () => {
      if (element.hidden) return;
      element.hidden = true;
      release?.();
      release = undefined;
      remember(storage, POPUP_STORAGE_KEYS.dateClosed, String(Date.now()));
      if (opener?.isConnected) opener.focus();
    };

    const open = () => {
      if (cancelled) return;
      opener = doc.activeElement instanceof view.HTMLElement ? (doc.activeElement as HTMLElement) : null;
      // A newer popup than the one seen: what the visitor did with the older one no longer counts.
      if (storage.getItem(POPUP_STORAGE_KEYS.version) !== String(rules.version)) {
        remember(storage, POPUP_STORAGE_KEYS.dateClosed, null);
        remember(storage, POPUP_STORAGE_KEYS.submitted, null);
      }
      remember(storage, POPUP_STORAGE_KEYS.version, String(rules.version));
      element.hidden = false;
      requestCensusCall('overlay', { formId: form?.dataset.popupFormId ?? '' });
      release = trapFocus(panel, {
        active: () => !element.hidden,
        onEscape() {
          close();
          return true;
        },
      });
      // The provider's script is fetched only for visitors who see the popup.
      const container = form?.querySelector<HTMLElement>('.captcha-container[data-sitekey]');
      if (container?.dataset.sitekey && !captcha) {
        void mountCaptcha(container, container.dataset.sitekey, { action: form?.dataset.captchaAction }).then(
          (widget) => {
            if (cancelled) widget.destroy();
            else captcha = widget;
          },
          (error: unknown) => console.warn('the captcha could not be loaded', error),
        );
      }
    };

    const onMouseDown = (event: MouseEvent) => {
      pressedInPanel = panel.contains(event.target as Node);
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      const fromPanel = pressedInPanel;
      pressedInPanel = false;
      if (target === element && !fromPanel) close();
      else if (target.closest('[data-popup-close]')) close();
      // Following the popup's own link is an answer too: it stays closed as if closed.
      else if (target.closest('[data-popup-button]'))
        remember(storage, POPUP_STORAGE_KEYS.dateClosed, String(Date.now()));
    };

    const button = form?.querySelector<HTMLButtonElement>('.form-submit') ?? null;
    const label = button?.textContent ?? '';
    const setSending = (on: boolean) => {
      sending = on;
      if (button) {
        button.disabled = on;
        button.textContent = on ? SITE_FORM_TEXT.submitting : label;
      }
      if (on) form?.setAttribute('aria-busy', 'true');
      else form?.removeAttribute('aria-busy');
    };
    const signedUp = () => {
      if (!form) return;
      remember(storage, POPUP_STORAGE_KEYS.submitted, 'true');
      captcha?.destroy();
      captcha = null;
      const done = doc.createElement('div');
      done.className = 'form-submitted';
      done.tabIndex = -1;
      done.setAttribute('role', 'status');
      // The owner's submission text and HTML as the server printed them into the form's template.
      done.innerHTML = form.querySelector('template.form-success')?.innerHTML ?? '';
      form.replaceWith(done);
      done.focus();
    };
    const onSubmit = (event: Event) => {
      event.preventDefault();
      if (!form || sending) return;
      const fields = readFields(form);
      const check = validateForm(
        fields.map((field) => field.rule),
        readAnswers(form, fields),
      );
      if (!check.ok) {
        showProblems(form, fields, { fields: check.errors, message: check.message }, true);
        const first = fields.find((field) => check.errors[field.rule.id] !== undefined);
        (first ? fieldControls(first.element)[0] : button)?.focus();
        return;
      }
      const container = form.querySelector('.captcha-container[data-sitekey]');
      const token = captcha?.token() ?? null;
      if (container && !token) {
        showProblems(form, fields, { fields: {}, message: FORM_MESSAGES.captchaMissing }, true);
        button?.focus();
        return;
      }
      showProblems(form, fields, { fields: {}, message: null }, true);
      setSending(true);
      void submitForm(form.dataset.popupFormId ?? '', check.values, pageFields(doc), token).then((outcome) => {
        if (cancelled) return;
        if (outcome.ok) {
          signedUp();
          return;
        }
        setSending(false);
        // A token is good for one check: the next try needs a new challenge.
        captcha?.reset();
        showProblems(form, fields, { fields: outcome.fields ?? {}, message: outcome.message }, true);
        const first = fields.find((field) => outcome.fields?.[field.rule.id] !== undefined);
        (first ? fieldControls(first.element)[0] : button)?.focus();
      });
    };

    element.addEventListener('mousedown', onMouseDown);
    element.addEventListener('click', onClick);
    form?.addEventListener('submit', onSubmit);
    const timer = view.setTimeout(open, rules.delaySeconds * 1000);
    return () => {
      cancelled = true;
      view.clearTimeout(timer);
      release?.();
      captcha?.destroy();
      element.removeEventListener('mousedown', onMouseDown);
      element.removeEventListener('click', onClick);
      form?.removeEventListener('submit', onSubmit);
    };
  }, [element]);

  return null;
}
