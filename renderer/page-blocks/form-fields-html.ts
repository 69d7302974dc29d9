/**
 * A form's fields as HTML outside a form block: the product page prints its
 * additional-fields form this way (in a <template> the add-to-cart island
 * opens in a lightbox), so fields are rendered by templates/page-blocks/
 * form-field.html everywhere and never re-implemented in the browser.
 */
import type { Form } from '../../api/db/schema.ts';
import { renderBlockTemplate } from './block-templates.ts';
import { fieldViews } from './form-block.ts';
import type { PageBlockOptions } from './page-block-data.ts';
import type { PageBlockError } from './page-block-errors.ts';

export interface FormFieldsEnv {
  /** The prefix of every element id inside, so the fields never share an id with another form on the page. */
  readonly domId: string;
  /** Hidden fields take their value from it (spec section 3). */
  readonly queryString?: URLSearchParams;
}

export interface FormFieldsHtml {
  readonly html: string;
  /** Fields of unknown types (left out) and template errors. */
  readonly errors: PageBlockError[];
}

/**
 * form-field.html prints no dates, numbers or money, so the locale and the
 * clock cannot change its output; fixed values keep callers that have no
 * request locale (item loading) from having to invent one.
 */
const FIELD_RENDER_OPTIONS = { locale: 'en-US', timeZone: 'UTC', now: 0 } as const;

/** renderFormFields(form, { domId: 'additional-fields-abc' }).html → '<div class="form-field form-field--text" …' */
export function renderFormFields(form: Form, env: FormFieldsEnv): FormFieldsHtml {
  const errors: PageBlockError[] = [];
  const options: PageBlockOptions = { ...FIELD_RENDER_OPTIONS, queryString: env.queryString };
  const views = fieldViews(form, { domId: env.domId, options, report: (error) => errors.push(error) });
  const html = views
    .map((view) => {
      const rendered = renderBlockTemplate('form-field', view, options);
      errors.push(...rendered.errors);
      return rendered.output;
    })
    .join('');
  return { html, errors };
}
