/** Hindi for ../categories.ts (CATEGORY_TEXTS, CATEGORY_UI). The category names themselves are NAMES (names.ts). */
import { CATEGORY_TEXTS, CATEGORY_UI } from '../../categories.js';
import type { Localized } from '../localized.js';

export const CATEGORY_TEXTS_HI: Localized<typeof CATEGORY_TEXTS> = {
  invalidCategory: 'कृपया दी गई श्रेणियों में से एक चुनें।',
};

export const CATEGORY_UI_HI: Localized<typeof CATEGORY_UI> = {
  legend: 'श्रेणी',
  suggested: 'आपके कैप्शन के आधार पर सुझाई गई',
  filterLabel: 'श्रेणी',
  allCategories: 'सभी श्रेणियाँ',
  chip: (name: string) => `श्रेणी: ${name}`,
  badgeLabel: (name: string) => `श्रेणी: ${name}`,
};
