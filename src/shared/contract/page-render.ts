/** The head of a server-rendered page: title, description and what it shares. */
export interface PageHead {
  title: string;
  description: string;
  /** A path or an absolute address; the server makes it absolute. */
  image?: string;
  type?: 'website' | 'product';
}

/** What the app's server bundle answers for a path; the server turns it into a reply. */
export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** A page rendered in the browser only (signed-in pages, the dashboard). */
  | { kind: 'client' }
  /** A page of one shopper's account, asked for without saying who is signed in (decision 032). */
  | { kind: 'shopper' }
  | {
      kind: 'page';
      status: number;
      /** The page's body, for `#root`. */
      html: string;
      /** Preloads React asks for (the first picture), for the head. */
      preloads: string;
      meta: PageHead | undefined;
      /** Source modules of the matched pages (keys of Vite's manifest). */
      modules: string[];
      /** JSON for `<script type="application/json" id="initial-data">`. */
      data: string;
      /** True when the page reads catalog data (its HTML changes when the catalog does). */
      catalog: boolean;
      /** One shopper's page, or one whose address carries a secret: never stored anywhere. */
      private?: boolean;
    };
