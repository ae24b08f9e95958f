import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router's package names its development build for every bundler condition; the browser gets
 * the production build, which leaves out the development warnings' checks.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

const PRODUCT_PAGE = /src[\\/]client[\\/]features[\\/]products[\\/]product-page\.tsx$/;

/** The catalog's pages, whose first loads share the product cards and their hooks. */
const CATALOG_PAGES =
  /src[\\/]client[\\/]features[\\/](home[\\/]home-view|products[\\/]shop-view|products[\\/]product-page)\.tsx$/;

/**
 * Found once the module graph is complete (before chunking): the modules the entry starts (the
 * code every store-front page loads first), and the modules that two or more of
 * the catalog's pages import statically besides those.
 */
function firstLoadModules(): {
  plugin: Plugin;
  modules: Set<string>;
  catalog: Set<string>;
  productPage: Set<string>;
} {
  const modules = new Set<string>();
  const catalog = new Set<string>();
  const productPage = new Set<string>();
  return {
    modules,
    catalog,
    productPage,
    plugin: {
      name: 'first-load-modules',
      apply: 'build',
      buildEnd() {
        modules.clear();
        catalog.clear();
        productPage.clear();
        // The entry chunk: index.html's script (src/client/main.tsx) and what it imports
        // statically, which is only what it needs to wait for the first paint.
        const entry = new Set<string>();
        const html = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        for (let id = html.pop(); id !== undefined; id = html.pop()) {
          if (entry.has(id)) continue;
          entry.add(id);
          html.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        // The first load: everything the app that the entry starts after that paint
        // (src/client/boot.tsx) imports statically. The app's own module keeps a chunk of its
        // own: it waits for the router, whose lazy pages import the first load, so inside the
        // first load it would wait on itself.
        const starts = [...entry].flatMap(
          (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
        );
        for (const id of starts) entry.add(id);
        const queue = starts.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (modules.has(id) || entry.has(id)) continue;
          modules.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        const uses = new Map<string, number>();
        for (const page of [...this.getModuleIds()].filter((id) => CATALOG_PAGES.test(id))) {
          const seen = new Set<string>();
          const pending = [...(this.getModuleInfo(page)?.importedIds ?? [])];
          for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
            if (seen.has(id) || modules.has(id) || entry.has(id)) continue;
            seen.add(id);
            pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
          }
          for (const id of seen) uses.set(id, (uses.get(id) ?? 0) + 1);
        }
        for (const [id, count] of uses) if (count >= 2) catalog.add(id);
        // The rest of what a bicycle's page shows (sizes, geometry, specs, compare, the rating)
        // is shared with the compare and checkout pages: one chunk beside the page's own.
        for (const page of [...this.getModuleIds()].filter((id) => PRODUCT_PAGE.test(id))) {
          const pending = [...(this.getModuleInfo(page)?.importedIds ?? [])];
          for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
            if (productPage.has(id) || modules.has(id) || entry.has(id) || catalog.has(id))
              continue;
            productPage.add(id);
            pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
          }
        }
      },
    },
  };
}

/**
 * Each script and stylesheet also written brotli'd at the highest quality and gzipped at level 9,
 * once at build time, for the server to send as they are (`preCompressed`): compressing on every
 * request it uses a fast level, and a phone downloaded about 14 % more.
 */
const precompressed: Plugin = {
  name: 'precompressed',
  apply: 'build',
  writeBundle({ dir = '' }, bundle) {
    for (const file of Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name))) {
      const body = readFileSync(path.join(dir, file));
      const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
      writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body, { params: quality }));
      writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body, { level: 9 }));
    }
  },
};

export default defineConfig(({ command, isSsrBuild }) => {
  const firstLoad = firstLoadModules();
  return {
    plugins: [react(), tailwindcss(), firstLoad.plugin, ...(isSsrBuild ? [] : [precompressed])],
    resolve: {
      alias:
        command === 'build' && !isSsrBuild
          ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }]
          : [],
    },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      // Every browser the target names preloads modules itself; the polyfill would only add code.
      modulePreload: { polyfill: false },
      sourcemap: false,
      // The server bundle reads nothing from public/; the client build already copies it.
      copyPublicDir: !isSsrBuild,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              // Left alone, the code the entry always needs comes as ~30 small shared chunks (each
              // also used by some lazy page), one request each over HTTP/1.1. The first load is
              // one chunk beside the entry instead; lazy pages and parts import from it. Nothing
              // the entry does not import statically (the dashboard, a page body) joins it.
              codeSplitting: {
                // Each group's test names every module it holds; what the entry chunk shares with
                // them (the dynamic import helper) stays in the entry.
                includeDependenciesRecursively: false,
                groups: [
                  {
                    name: 'first-load',
                    test: (id: string) => firstLoad.modules.has(id),
                  },
                  // What the home page, the shop and a product page all show (the cards, prices,
                  // cart and wishlist hooks): one chunk instead of a dozen small ones.
                  { name: 'catalog', test: (id: string) => firstLoad.catalog.has(id) },
                  { name: 'product', test: (id: string) => firstLoad.productPage.has(id) },
                ],
              },
            },
          },
    },
    server: {
      proxy: {
        '/api': 'http://localhost:3000',
        '/uploads': 'http://localhost:3000',
      },
    },
  };
});
