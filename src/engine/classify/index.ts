// Public face of the transaction classifier.
export { classify } from './classify.js';
export { CATEGORIES, CATEGORY_IDS, categoryName, isCategoryId, type CategoryId, type CategoryInfo } from './taxonomy.data.js';
export type { Classification, ClassificationKind, UserRule } from './types.js';
export { RULE_PATTERN_MAX, validateRulePattern } from './user-rules.js';
