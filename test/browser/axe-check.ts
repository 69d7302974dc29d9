/**
 * axe-core's verdict on a page. Its script is run through the DevTools
 * protocol, which the page's Content-Security-Policy does not govern.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** What is checked: the part of the page (a selector; all of it by default), less a part, and which WCAG tags. */
interface Scope {
  include?: string;
  exclude?: string;
  tags?: string[];
}

async function runAxe(page: Page, scope: Scope): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async ({ include, exclude, tags }) => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: object): Promise<{ violations: Violation[] }> } }
    ).axe;
    const context = { include: include ? [include] : [document], exclude: exclude ? [[exclude]] : [] };
    const options = { resultTypes: ['violations'], ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}) };
    return (await axe.run(context, options)).violations;
  }, scope);
}

/** Every rule axe has, not only WCAG A/AA, as 'rule (impact): help — targets' lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await runAxe(page, {})).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

/** WCAG A and AA violations (or the tags given), one 'rule: target' line per element. */
export async function wcagViolations(page: Page, scope: Scope = {}): Promise<string[]> {
  const violations = await runAxe(page, { tags: ['wcag2a', 'wcag2aa'], ...scope });
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
