import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The three parts of the code stay apart. */
const sideZones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/client'],
    message: 'shared imports neither side',
  },
  { target: './src/client', from: './src/server', message: 'the client never imports the server' },
  { target: './src/server', from: './src/client', message: 'the server never imports the client' },
];

/**
 * The files each client feature offers the others (one, or two for the catalog: its API and the
 * home page's selection); everything else in a feature is its own. What two features need beyond
 * these moves down to `lib`, `components/ui` or `src/shared`.
 */
const featureEntries = {
  addresses: [
    'address-book.tsx',
    'address-form.tsx',
    'address-fields.ts',
    'addresses-api.ts',
    'postal-address.tsx',
  ],
  auth: ['use-logout.ts'],
  cart: ['use-cart.ts'],
  checkout: ['use-checkout.ts'],
  compare: ['compare-button.tsx'],
  dashboard: [],
  home: [],
  orders: ['orders-api.ts'],
  products: [
    'products-api.ts',
    'components/featured-products.tsx',
    'spec-rows.ts',
    'fit/use-rider-fit.ts',
  ],
  reviews: [
    'reviews-api.ts',
    'product-reviews.tsx',
    'rider-size-advice.tsx',
    'review-form-page.tsx',
  ],
  'static-pages': ['not-found-page.tsx'],
  'stock-alerts': ['notify-me.tsx'],
  wishlist: ['use-wishlist.ts'],
};

/** Layers of the client: `app` composes features; features build on `lib` and `components`. */
const clientZones = [
  {
    target: ['./src/client/lib', './src/client/components'],
    from: ['./src/client/features', './src/client/app'],
    message: 'lib and components import no feature and no app: move the shared piece down',
  },
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'features import nothing from app (app composes them): use lib/ instead',
  },
  ...Object.keys(featureEntries).map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [
      `./${feature}`,
      ...Object.entries(featureEntries)
        .filter(([other]) => other !== feature)
        .flatMap(([other, entries]) => entries.map((entry) => `./${other}/${entry}`)),
    ],
    message: `a feature imports another only through its entry file (eslint.config.js, featureEntries)`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'drizzle/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'node_modules/',
      // A plain-script page that plays a front end on another origin in the e2e journeys.
      'e2e/other-origin/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error'],
      'import-x/no-restricted-paths': ['error', { zones: sideZones }],
    },
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'no-console': ['error'],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    // Tests compose a real store and whole journeys across features, as `app` does.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}', 'src/client/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...sideZones, ...clientZones] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': ['off'],
      '@typescript-eslint/no-unsafe-assignment': ['off'],
      '@typescript-eslint/no-unsafe-member-access': ['off'],
    },
  },
);
