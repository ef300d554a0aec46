/**
 * axe as every spec runs it (tests/a11y.spec.ts, assistant.spec.ts): WCAG 2 A/AA, 2.1 A/AA and best
 * practices, label-content-name-mismatch on (axe ships this WCAG 2.5.3 rule as experimental; we hold
 * every screen to it); a serious or critical violation counts, and so does landmark-unique (only
 * "moderate" to axe, but a feed of maps all named alike is useless in a screen reader's landmark list).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

export async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'landmark-unique')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Whether a finding's target is a toast: react-hot-toast's polite status, or its bar, which axe names by
 * the goober class react-hot-toast styles it with (`.go3615723686`; nothing else in the app uses goober).
 */
const onToast = (target: string) => target.includes('[role="status"][aria-live="polite"]') || /^\.go\d+$/.test(target);

/** Whether every finding is on a toast: one may be mid-fade while axe measures. */
const onlyOnToasts = (violations: Violation[]) => violations.length > 0 && violations.every((v) => v.targets.every(onToast));

/**
 * seriousViolations, looked at again (up to three looks, 1.5 s apart) while every finding is on a toast:
 * a toast leaving during axe's run is measured mid-fade; a real problem in a toast is still there later.
 */
export async function seriousViolationsSettled(page: Page): Promise<Violation[]> {
  let violations = await seriousViolations(page);
  for (let look = 1; look < 3 && onlyOnToasts(violations); look++) {
    await page.waitForTimeout(1500);
    violations = await seriousViolations(page);
  }
  return violations;
}
