import type { Page } from '@playwright/test';

/** One change to a labelled field: keys typed one at a time into a text box, or an option chosen. */
export type QuickChange = { label: string; type: string } | { label: string; choose: string };

/**
 * Makes the changes in one task of the page, as a quick hand on a slow phone does before the app has
 * drawn the first: each key and each choice fires its own input/change event, but nothing the app
 * schedules for later (the router drawing a new address) runs in between. A race between them then
 * happens every time, not only on a slow machine. Fields are found by their label's text.
 */
export async function changeInOneTask(page: Page, changes: QuickChange[]): Promise<void> {
  await page.evaluate((list) => {
    const field = (label: string) => {
      const found = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)?.control;
      if (!found) throw new Error(`no field labelled ${label}`);
      return found as HTMLInputElement | HTMLSelectElement;
    };
    const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const change of list) {
      const target = field(change.label);
      if ('type' in change) {
        for (const key of change.type) {
          setInputValue.call(target, target.value + key);
          target.dispatchEvent(new Event('input', { bubbles: true }));
        }
      } else {
        target.value = change.choose;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }
  }, changes);
}
