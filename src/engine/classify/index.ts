// Public face of the transaction classifier.
export { classify, DESCRIPTION_MAX } from './classify.js';
export { CATEGORIES, CATEGORY_IDS, categoryName, isCategoryId, type CategoryId, type CategoryInfo } from './taxonomy.data.js';
export type { Classification, ClassificationKind, ClassifyRow, UserRule } from './types.js';
export { MAX_RULE_WORK, RULE_PATTERN_MAX, RULE_PROGRAM_MAX, ruleWork, validateRulePattern } from './user-rules.js';
