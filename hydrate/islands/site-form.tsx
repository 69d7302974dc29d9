/**
 * Website forms (block type 9) and newsletter forms (51): enhances the
 * server's form (templates/page-blocks/form.html, newsletter.html), which
 * without script posts to its page and still works. The island checks the
 * answers with the shared rules before sending, then follows spec section 5:
 * the button locked on 'Submitting…'; on success the submission text and
 * post-submit HTML in place of the form, scrolled into view, or the success
 * redirect; on failure each field's message above the field, or the one
 * status message of section 8, and on non-newsletter forms the notices
 * above and below the form.
 *
 * React renders only what the server's markup has no place for (the
 * success block, the counter's announcement), next to the form; the
 * server's slots (errors, notices, status, counter, button) are written
 * from state in a layout effect, so the markup stays the server's and a
 * form sent back by the no-script path keeps its messages until the next
 * submit.
 *
 * The newsletter subscribe event is recorded by the server with the stored
 * submission (api/services/form-service.ts), so sign-ups sent without
 * script count too.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BLOCK_TYPES } from '../../domain/spec-enums.ts';
import { FORM_MESSAGES } from '../../shared/form-messages.ts';
import { characterCount, validateForm } from '../../shared/form-validation.ts';
import { type CaptchaWidget, mountCaptcha } from '../captcha/captcha-widget.ts';
import type { IslandProps } from '../island-types.ts';
import { fieldControls, type MarkedField, pageFields, readAnswers, readFields } from '../site-form/form-markup.ts';
import { submitForm } from '../site-form/submit-form.ts';

/** Spec section 5. */
export const SITE_FORM_TEXT = { submitting: 'Submitting…' } as const;

type Phase = 'idle' | 'submitting' | 'done';

export interface Problems {
  /** Field id → message. */
  fields: Record<string, string>;
  /** The form's one message, shown in its status region. */
  message: string | null;
}

export interface SiteFormProps extends IslandProps {
  element: HTMLFormElement;
}

const slot = (form: HTMLFormElement, selector: string) => form.querySelector<HTMLElement>(selector);

/** Writes problems into the server's slots; null problems clear them (also the popup's form, islands/popup-overlay.tsx). */
export function showProblems(
  form: HTMLFormElement,
  fields: readonly MarkedField[],
  problems: Problems,
  newsletter: boolean,
) {
  for (const { rule, element } of fields) {
    const message = problems.fields[rule.id] ?? null;
    const error = element.querySelector<HTMLElement>(':scope > .field-error');
    if (error) {
      error.textContent = message ?? '';
      error.hidden = message === null;
    }
    for (const control of fieldControls(element)) {
      if (message === null) control.removeAttribute('aria-invalid');
      else control.setAttribute('aria-invalid', 'true');
    }
  }
  const status = slot(form, '.form-status');
  if (status) status.textContent = problems.message ?? '';
  const failed = problems.message !== null;
  for (const [place, text] of [
    ['above', FORM_MESSAGES.problemBelow],
    ['below', FORM_MESSAGES.problemAbove],
  ] as const) {
    const notice = slot(form, `[data-form-notice="${place}"]`);
    if (!notice) continue;
    // The no-script path's notice was an alert with focus; the island's are signposts, read by the status instead.
    notice.removeAttribute('role');
    notice.removeAttribute('autofocus');
    notice.textContent = failed && !newsletter ? text : '';
    notice.hidden = !failed || newsletter;
  }
}

/** Keeps a textarea's 'count / max' counter up to date; returns whether it is over. */
function updateCounter(textarea: HTMLTextAreaElement): boolean {
  const max = Number(textarea.dataset.maxLength);
  const counter = textarea.ownerDocument.getElementById(textarea.dataset.counterId ?? '');
  const over = characterCount(textarea.value) > max;
  if (counter) {
    counter.textContent = `${characterCount(textarea.value)} / ${max}`;
    counter.toggleAttribute('data-over-limit', over);
  }
  return over;
}

export function SiteForm({ element: form, context }: SiteFormProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [problems, setProblems] = useState<Problems | null>(null);
  /** Read out once when a textarea goes over its maximum, not on every key. */
  const [overNews, setOverNews] = useState('');
  const submitted = useRef(0);
  const success = useRef<HTMLElement>(null);
  const newsletter = Number(form.dataset.blockType) === BLOCK_TYPES.newsletter;
  const button = slot(form, '.form-submit') as HTMLButtonElement | null;
  const [label] = useState(() => button?.textContent ?? '');
  const [title] = useState(() => {
    const heading = form.querySelector('h2');
    return { id: heading?.id ?? '', text: heading?.textContent ?? '', className: heading?.className ?? '' };
  });
  const [successHtml] = useState(() => slot(form, 'template.form-success')?.innerHTML ?? '');

  useEffect(() => {
    // The site's captcha (spec section 8): a token is needed before anything is sent.
    const captchaContainer = form.querySelector<HTMLElement>('.captcha-container[data-sitekey]');
    let captcha: CaptchaWidget | null = null;
    let cancelled = false;
    if (captchaContainer?.dataset.sitekey) {
      void mountCaptcha(captchaContainer, captchaContainer.dataset.sitekey).then(
        (widget) => {
          if (cancelled) widget.destroy();
          else captcha = widget;
        },
        (error: unknown) => console.warn('the captcha could not be loaded', error),
      );
    }
    const overBefore = new WeakMap<HTMLTextAreaElement, boolean>();
    const onInput = (event: Event) => {
      const textarea = event.target as HTMLTextAreaElement;
      if (textarea.tagName !== 'TEXTAREA' || !textarea.dataset.maxLength) return;
      const over = updateCounter(textarea);
      if (over !== (overBefore.get(textarea) ?? false)) setOverNews(over ? FORM_MESSAGES.overCharacterLimit : '');
      overBefore.set(textarea, over);
    };
    const onSubmit = (event: Event) => {
      event.preventDefault();
      if (submitted.current !== 0) return;
      const fields = readFields(form);
      const check = validateForm(
        fields.map((field) => field.rule),
        readAnswers(form, fields),
      );
      if (!check.ok) {
        setProblems({ fields: check.errors, message: check.message });
        return;
      }
      const token = captcha?.token() ?? null;
      if (captchaContainer && !token) {
        setProblems({ fields: {}, message: FORM_MESSAGES.captchaMissing });
        return;
      }
      const attempt = Date.now();
      submitted.current = attempt;
      setProblems({ fields: {}, message: null });
      setPhase('submitting');
      void submitForm(form.dataset.formId ?? '', check.values, pageFields(form.ownerDocument), token).then(
        (outcome) => {
          if (outcome.ok) {
            const redirect = form.dataset.successRedirect;
            if (redirect) {
              // Stays locked on 'Submitting…' while the next page loads.
              context.navigate(redirect);
              return;
            }
            setPhase('done');
            return;
          }
          submitted.current = 0;
          // A token is good for one check: the next try needs a new challenge.
          captcha?.reset();
          setProblems({ fields: outcome.fields ?? {}, message: outcome.message });
          setPhase('idle');
        },
      );
    };
    form.addEventListener('input', onInput);
    form.addEventListener('submit', onSubmit);
    return () => {
      cancelled = true;
      captcha?.destroy();
      form.removeEventListener('input', onInput);
      form.removeEventListener('submit', onSubmit);
    };
  }, [form, context]);

  useLayoutEffect(() => {
    if (phase === 'done') return;
    if (button) {
      button.disabled = phase === 'submitting';
      button.textContent = phase === 'submitting' ? SITE_FORM_TEXT.submitting : label;
    }
    if (phase === 'submitting') form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
    if (problems === null) return;
    const fields = readFields(form);
    showProblems(form, fields, problems, newsletter);
    if (phase === 'submitting') return;
    // Focus moves to the first problem: a field's first control, else the button the visitor pressed.
    const first = fields.find((field) => problems.fields[field.rule.id] !== undefined);
    const target = first ? fieldControls(first.element)[0] : problems.message !== null ? button : undefined;
    target?.focus();
  }, [form, button, label, problems, phase, newsletter]);

  useLayoutEffect(() => {
    if (phase !== 'done') return;
    // The form is replaced: the success block below it takes its heading (and its id).
    form.remove();
    const block = success.current;
    block?.scrollIntoView?.({ block: 'start' });
    block?.focus({ preventScroll: true });
  }, [phase, form]);

  if (phase === 'done') {
    return (
      <section className="form-submitted" tabIndex={-1} aria-labelledby={title.id || undefined} ref={success}>
        <h2 className={title.className} id={title.id || undefined}>
          {title.text}
        </h2>
        {/* The owner's submission text and HTML as the server printed them into the form's template. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup from the page */}
        <div className="form-success" dangerouslySetInnerHTML={{ __html: successHtml }} />
      </section>
    );
  }
  return (
    <p className="visually-hidden" aria-live="polite">
      {overNews}
    </p>
  );
}
