/** The head of a store-front page: title, description and what it shares. */
export interface PageHead {
  title: string;
  description: string;
  /** A path or an absolute address; the page makes it absolute. */
  image?: string;
  type?: 'website' | 'product';
  /** The address names no page (404): it has no canonical address to share. */
  missing?: true;
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
      /** The whole document, head and data included. */
      html: string;
      /** True when the page reads catalog data (its HTML changes when the catalog does). */
      catalog: boolean;
      /** One shopper's page, or one whose address carries a secret: never stored anywhere. */
      private?: boolean;
    };
