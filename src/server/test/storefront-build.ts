import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { projectRoot } from '../project-root.ts';

export interface StorefrontBuild {
  /** For `createTestContext`'s `clientDir`: index.html and a manifest beside `../ssr/`. */
  clientDir: string;
  remove(): Promise<void>;
}

/**
 * The store front's real server bundle (src/client/entry-server.tsx), built as `npm run build`
 * builds it, beside the source index.html: the server renders the real pages from it. The client
 * build is left out (it takes most of the time and only names the scripts to load): the manifest
 * is `STAND_IN_MANIFEST`, which names the entry, the app and the product page's chunk. With
 * TEST_STOREFRONT_SSR_DIR (dist/ssr after `npm run build`) that bundle is used as it is.
 */
/** A client build's manifest in small: the entry starts the app, which shares a chunk with a page. */
export const STAND_IN_MANIFEST = {
  'index.html': {
    file: 'assets/index-e.js',
    isEntry: true,
    css: ['assets/index-c.css'],
    dynamicImports: ['src/client/boot.tsx'],
  },
  'src/client/boot.tsx': { file: 'assets/boot-b.js', imports: ['_shared-s.js'] },
  '_shared-s.js': { file: 'assets/shared-s.js' },
  'src/client/features/products/product-page.tsx': {
    file: 'assets/product-page-p.js',
    imports: ['_shared-s.js'],
  },
};

export async function buildStorefront(): Promise<StorefrontBuild> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bicycle-storefront-'));
  const clientDir = path.join(root, 'client');
  await mkdir(path.join(clientDir, '.vite'), { recursive: true });
  await cp(path.join(projectRoot, 'index.html'), path.join(clientDir, 'index.html'));
  await writeFile(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify(STAND_IN_MANIFEST),
  );
  const built = process.env.TEST_STOREFRONT_SSR_DIR;
  if (built) {
    // CI builds the app once before the tests (.ci/run): that build's server bundle is this one.
    await cp(path.resolve(projectRoot, built), path.join(root, 'ssr'), { recursive: true });
    return { clientDir, remove: () => rm(root, { recursive: true, force: true }) };
  }
  await build({
    root: projectRoot,
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: {
      ssr: 'src/client/entry-server.tsx',
      outDir: path.join(root, 'ssr'),
      emptyOutDir: true,
    },
  });
  return { clientDir, remove: () => rm(root, { recursive: true, force: true }) };
}
