/** axe-core run inside a page (evaluated over the devtools protocol, so the site's CSP stays on). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations on the page as it is now (within `selector` when given). */
export async function seriousViolations(page: Page, selector?: string): Promise<AxeProblem[]> {
  await page.evaluate(source);
  const violations = await page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run(context: Document | string, options: object): Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(within ?? document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id as string,
      impact: String(v.impact),
      help: v.help as string,
      targets: (v.nodes as { target: string[] }[]).slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, selector);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
