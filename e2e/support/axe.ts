/**
 * axe as the accessibility suite runs it (tests/a11y.spec.ts, whose helper this repeats so other specs
 * can check the screens they open): WCAG 2 A/AA, 2.1 A/AA and best practices, label-content-name-mismatch
 * on; a serious or critical violation, or any landmark-unique one, counts.
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
