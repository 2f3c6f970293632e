import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page (WCAG 2.x A and AA rules) and returns the serious and critical findings. */
export const seriousAccessibilityViolations = async (page: Page): Promise<AxeViolation[]> => {
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => String(n.target)),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
};

/** Runs only the named axe-core rules (experimental ones too) and returns their findings. */
export const accessibilityViolationsOf = async (
  page: Page,
  rules: readonly string[],
): Promise<AxeViolation[]> => {
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(
    async (ids) => {
      const result = await window.axe.run(document, { runOnly: { type: 'rule', values: ids } });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        targets: v.nodes.map((n) => String(n.target)),
      }));
    },
    [...rules],
  );
};

declare global {
  interface Window {
    axe: typeof axe;
  }
}
