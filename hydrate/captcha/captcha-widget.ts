/**
 * The captcha widget in a form (spec sections 2, 4 and 8): the provider's
 * own script, loaded once per page and only on pages that have a captcha,
 * renders into the server's `.captcha-container`. reCAPTCHA, hCaptcha and
 * Turnstile share the explicit-render API used here; which one, and from
 * where, the server says on the islands script tag (renderer/render-page.ts),
 * from its CAPTCHA_* settings.
 */
/** The attributes of the islands script tag that name the provider's script and global. */
export const CAPTCHA_SCRIPT_ATTRIBUTE = 'data-captcha-script';
export const CAPTCHA_GLOBAL_ATTRIBUTE = 'data-captcha-global';

type WidgetId = string | number;

/** What the three providers' scripts have in common. */
interface ProviderApi {
  render(
    container: HTMLElement,
    parameters: { sitekey: string; theme?: string; size?: string; action?: string; callback?: (token: string) => void },
  ): WidgetId;
  getResponse(id: WidgetId): string | undefined;
  reset(id: WidgetId): void;
  remove?(id: WidgetId): void;
  ready?(callback: () => void): void;
}

export interface CaptchaWidget {
  /** The visitor's token, or null while the challenge is not done. */
  token(): string | null;
  /** A new challenge: a token is good for one check only. */
  reset(): void;
  destroy(): void;
}

const loading = new WeakMap<Document, Promise<ProviderApi>>();

function providerApi(doc: Document): Promise<ProviderApi> {
  const pending = loading.get(doc);
  if (pending) return pending;
  const promise = new Promise<ProviderApi>((resolve, reject) => {
    const tag = doc.querySelector<HTMLScriptElement>(`script[${CAPTCHA_SCRIPT_ATTRIBUTE}]`);
    const url = tag?.getAttribute(CAPTCHA_SCRIPT_ATTRIBUTE);
    const name = tag?.getAttribute(CAPTCHA_GLOBAL_ATTRIBUTE);
    if (!url || !name) {
      reject(new Error('the page names no captcha script'));
      return;
    }
    const view = doc.defaultView as unknown as Record<string, ProviderApi | undefined>;
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.onerror = () => reject(new Error(`the captcha script did not load: ${url}`));
    script.onload = () => {
      const api = view[name];
      if (!api || typeof api.render !== 'function') {
        reject(new Error(`the captcha script defined no ${name}.render`));
        return;
      }
      // reCAPTCHA defines its global before it can render; ready() says when it can.
      if (api.ready) api.ready(() => resolve(api));
      else resolve(api);
    };
    doc.head.append(script);
  });
  loading.set(doc, promise);
  return promise;
}

/**
 * Renders the site's captcha into the server's container; rejects when the
 * provider cannot be loaded. `action` names what the token is for (spec
 * section 7: FORM_BLOCK_SUBMISSION, PROMO_POPUP_SUBMISSION, …), for the
 * providers that record one; the others ignore it.
 */
export async function mountCaptcha(
  container: HTMLElement,
  siteKey: string,
  options: { action?: string } = {},
): Promise<CaptchaWidget> {
  const api = await providerApi(container.ownerDocument);
  const { theme, size } = container.dataset;
  const id = api.render(container, {
    sitekey: siteKey,
    theme: theme || undefined,
    size: size || undefined,
    ...(options.action ? { action: options.action } : {}),
  });
  return {
    token: () => api.getResponse(id) || null,
    reset: () => api.reset(id),
    destroy() {
      if (api.remove) api.remove(id);
      container.replaceChildren();
    },
  };
}
