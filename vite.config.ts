import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router's package names its development build for every bundler condition; the browser gets
 * the production build, which leaves out the development warnings' checks.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** The catalog's pages, whose first loads share the product cards and their hooks. */
const CATALOG_PAGES =
  /src[\\/]client[\\/]features[\\/](home[\\/]home-view|products[\\/]shop-view|products[\\/]product-page)\.tsx$/;

/**
 * Found once the module graph is complete (before chunking): the modules the entry imports
 * statically (the code every store-front page loads first), and the modules that two or more of
 * the catalog's pages import statically besides those.
 */
function firstLoadModules(): { plugin: Plugin; modules: Set<string>; catalog: Set<string> } {
  const modules = new Set<string>();
  const catalog = new Set<string>();
  return {
    modules,
    catalog,
    plugin: {
      name: 'first-load-modules',
      apply: 'build',
      buildEnd() {
        modules.clear();
        catalog.clear();
        // index.html and the script it names (src/client/main.tsx) stay the entry chunk.
        const html = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        const entry = new Set([
          ...html,
          ...html.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []),
        ]);
        const queue = [...entry].flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
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
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => {
  const firstLoad = firstLoadModules();
  return {
    plugins: [react(), tailwindcss(), firstLoad.plugin],
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
                groups: [
                  {
                    name: 'first-load',
                    test: (id: string) => firstLoad.modules.has(id),
                  },
                  // What the home page, the shop and a product page all show (the cards, prices,
                  // cart and wishlist hooks): one chunk instead of a dozen small ones.
                  { name: 'catalog', test: (id: string) => firstLoad.catalog.has(id) },
                ],
              },
            },
          },
    },
    // The server bundle (src/client/entry-server.tsx) runs in Node, where only redux-persist's
    // bundled copy loads.
    ssr: { noExternal: ['redux-persist'] },
    server: {
      proxy: {
        '/api': 'http://localhost:3000',
        '/uploads': 'http://localhost:3000',
      },
    },
  };
});
