/**
 * Accessibility check for Playwright journeys: axe-core (WCAG 2.x A/AA rules) on the current
 * page; fails on any serious or critical violation, listing each with its nodes.
 *
 *   await expectNoSeriousA11yViolations(page, 'sign-in');   // label names the state in failures
 *   await expectAccessible(page, { include: '#main' });
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeOptions {
  include?: string;
  disableRules?: string[];
  /** Names the page state in the failure message. */
  label?: string;
}

/**
 * Waits for the page's finite CSS transitions and animations to end: axe reads computed colours,
 * and a colour caught mid-transition (after a theme switch or a hover) is neither the old nor the
 * new one, so its contrast is a figure no reader ever sees. Endless ones (a pulsing badge) are
 * skipped; two seconds at most.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    const wait = new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), wait]);
  });
}

export async function expectAccessible(page: Page, options: AxeOptions = {}): Promise<void> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.include) builder = builder.include(options.include);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n  ')}`);
  expect(serious, `axe violations on ${options.label ?? page.url()}`).toEqual([]);
}

export async function expectNoSeriousA11yViolations(page: Page, label?: string, options: Omit<AxeOptions, 'label'> = {}): Promise<void> {
  await expectAccessible(page, { ...options, label: label ? `${label} (${page.url()})` : undefined });
}
