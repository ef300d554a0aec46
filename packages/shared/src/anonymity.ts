/** Anonymous reports on the wire: the admins' per-category switch (texts in anonymityUi.ts). */
import { z } from 'zod';
import { CATEGORY_CODES } from './categories.js';

export const categorySettingSchema = z.object({
  code: z.enum(CATEGORY_CODES),
  /** Whether residents may hide their name on a report of this category (default true). */
  anonymousAllowed: z.boolean(),
});
export type CategorySetting = z.infer<typeof categorySettingSchema>;

export const categorySettingsAnswer = z.object({ categories: z.array(categorySettingSchema) });
export const categoryParam = z.object({ category: z.string().max(64) });
/** Checked by the service (ANONYMITY_TEXTS.settingInvalid), so a wrong value gets our text. */
export const categorySettingBody = z.object({ anonymousAllowed: z.unknown().optional() });
export const categorySettingAnswer = z.object({ message: z.string(), category: categorySettingSchema });

/** The create form's and the edit's `anonymous` field: true/false, or the strings a form sends. */
export function parseAnonymousFlag(value: unknown): boolean | null {
  if (value === undefined || value === null || value === '' || value === false || value === 'false' || value === '0' || value === 0) return false;
  if (value === true || value === 'true' || value === '1' || value === 1 || value === 'on') return true;
  return null;
}
