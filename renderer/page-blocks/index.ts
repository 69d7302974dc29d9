export { type BlockDataNeeds, blockDataNeeds } from './block-data-needs.ts';
export { idPart } from './block-dom-id.ts';
export { BLOCK_KINDS, type BlockKind, type BlockOf, type BlockTypeNumber } from './block-types.ts';
export { FORM_FIELD_TYPES, type FormFieldType } from './form-field-views.ts';
export { type FormFieldsEnv, type FormFieldsHtml, renderFormFields } from './form-fields-html.ts';
export { MAX_BLOCKS_PER_LAYOUT } from './layout-blocks.ts';
export type {
  BlockCollection,
  CollectionItems,
  ImageJson,
  PageBlockData,
  PageBlockOptions,
} from './page-block-data.ts';
export { PAGE_BLOCK_ERRORS, type PageBlockError, type PageBlockErrorCode } from './page-block-errors.ts';
export { type PageBlocksResult, renderPageBlocks } from './render-page-blocks.ts';
