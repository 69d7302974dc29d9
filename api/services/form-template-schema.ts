/**
 * The answer of GET /api/template/GetTemplateSchema?type=form: what the form
 * builder may put in a form (spec section 3, Form), read from the one table
 * of field types the renderer and the validation rules use too.
 */
import {
  ANSWER_TYPES,
  FIELD_PROPERTIES,
  type FieldProperty,
  FLAGGED_PROPERTIES,
  FORM_FIELD_TYPES,
  FORM_FIELDSET_STEPS,
  type FormFieldType,
} from '../../shared/form-field-types.ts';

export interface FormFieldSchema {
  type: FormFieldType;
  /** The properties the builder lets an owner edit, in the spec's order. */
  properties: readonly FieldProperty[];
  /** Properties offered only behind a feature flag, with the flag's name. */
  flaggedProperties: Partial<Record<FieldProperty, string>>;
}

export interface FormTemplateSchema {
  type: 'form';
  fieldTypes: FormFieldSchema[];
  answerTypes: readonly string[];
  fieldsetSteps: typeof FORM_FIELDSET_STEPS;
  /** Spec section 3: a light, normal captcha that turns compact in a container narrower than 320 px. */
  captcha: { theme: 'light'; size: 'normal'; compactBelowWidthPx: number };
}

export function formTemplateSchema(): FormTemplateSchema {
  return {
    type: 'form',
    fieldTypes: FORM_FIELD_TYPES.map((type) => ({
      type,
      properties: FIELD_PROPERTIES[type],
      flaggedProperties: FLAGGED_PROPERTIES[type] ?? {},
    })),
    answerTypes: ANSWER_TYPES,
    fieldsetSteps: FORM_FIELDSET_STEPS,
    captcha: { theme: 'light', size: 'normal', compactBelowWidthPx: 320 },
  };
}
