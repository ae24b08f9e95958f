import type { Params } from 'react-router';
import type { PageHead } from '#shared/contract/page-render.ts';
import type { AppDispatch, AppState } from '#client/lib/hooks.ts';

/** The title, description and share picture of a page, written into the HTML head by the server. */
export type PageMeta = PageHead;

export interface PageContext {
  url: URL;
  params: Params;
}

/**
 * What a route tells the server renderer: the queries its first screen reads (started on the
 * server, awaited, and handed to the browser so it does not ask again), its head, its status, and
 * the module holding its component (fetched beside the entry instead of after it).
 */
export interface PageHandle {
  module?: string;
  prefetch?: (dispatch: AppDispatch, page: PageContext) => void | Promise<void>;
  meta?: (state: AppState, page: PageContext) => PageMeta;
  status?: number;
  /** Decided from the fetched data: a page that is not there (404) or lives elsewhere (301). */
  outcome?: (
    state: AppState,
    page: PageContext,
  ) => { status: number; location?: string } | undefined;
  /** Rendered in the browser only (behind a guard, or per shopper). */
  clientOnly?: boolean;
  /** Rendered afresh for each request, never kept in the page cache (it shows today's dates). */
  perVisit?: boolean;
}
