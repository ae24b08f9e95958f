import type { Manifest } from 'vite';

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

/** How a render reaches the store's API: in the same process, one request at a time. */
export type FetchApi = (request: Request) => Promise<Response>;

/** What the server hands the app's server bundle with each path it asks to render. */
export interface RenderOptions {
  /** The store's absolute address (APP_URL), for the addresses a page writes in full. */
  origin: string;
  fetchApi: FetchApi;
  /** Vite's manifest of the client build: the bundle names each page's scripts from it. */
  manifest: Manifest;
  /** A form the browser posted to the page, as it sent it. */
  form?: { body: string; contentType: string };
  /** Asked for by a page of one shopper's account: whether the visitor has a session. */
  signedIn?: boolean;
}
