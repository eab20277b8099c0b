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

export async function expectAccessible(page: Page, options: AxeOptions = {}): Promise<void> {
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
