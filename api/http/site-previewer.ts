/**
 * What the owner routes need of the renderer, handed to them by the app
 * (renderer/app.ts) so the API does not import page code: the template
 * package's style tweaks, and a page rendered exactly as visitors get it,
 * through the site's own template package, from a database handle that may
 * be a transaction holding an unsaved draft.
 */
import type { TweakInfo } from '../../shared/style-tweaks.ts';
import type { TweakValues } from '../db/schema.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';

export interface PreviewProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  snippet: string;
}

export interface PreviewPage {
  status: number;
  /** Undefined when the page could not be rendered at all; problems say why. */
  html: string | undefined;
  /** Template and block errors, each with its file:line:col where it has one. */
  problems: PreviewProblem[];
}

export interface SitePreviewer {
  tweaks(site: WebsiteWithSettings): Promise<TweakInfo[]>;
  render(
    db: Db,
    site: WebsiteWithSettings,
    page: { path: string; baseUrl: string; crumb: string; tweakValues: TweakValues | undefined },
  ): Promise<PreviewPage>;
}
