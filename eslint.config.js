import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import drizzle from 'eslint-plugin-drizzle';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const processEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through src/server/config.ts',
};

/**
 * Files whose every user-facing word comes from the message catalogues (messages/*.json through
 * next-intl): every page and component. Only the product's name may be written as it is.
 */
const TRANSLATED = ['src/app/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'];

/** Props that carry words to the reader (names for assistive technology among them); a literal in one is untranslated text. */
const WORDED_PROPS = [
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'aside',
  'copyLabel',
  'description',
  'detail',
  'eyebrow',
  'footer',
  'label',
  'lead',
  'note',
  'pendingLabel',
  'placeholder',
  'title',
  'what',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.next',
      '.data',
      '.test-data',
      '.e2e-data',
      'drizzle',
      'test-results',
      'playwright-report',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  // Type-aware rules: floating promises, unsafe `any` flows, misused promises in event handlers.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      // Prettier wraps code at 120 columns; what it cannot wrap (strings, comments) stays within 160.
      'max-len': ['error', { code: 160, tabWidth: 2 }],
    },
  },
  {
    // Every UPDATE and DELETE names its rows: a forgotten `where` would touch every tenant's data.
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Event handlers may be async: React ignores their promise, and each handler catches its own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': ['error', processEnv],
    },
  },
  {
    // Text through the catalogues: no literal words in JSX, nor in a prop that carries words.
    files: TRANSLATED,
    plugins: { react },
    rules: {
      'react/jsx-no-literals': [
        'error',
        { noStrings: true, ignoreProps: true, allowedStrings: ['—', '·', '…', 'Studio'] },
      ],
      'no-restricted-syntax': [
        'error',
        processEnv,
        {
          selector: `JSXAttribute[name.name=/^(${WORDED_PROPS.join('|')})$/] > Literal, JSXAttribute[name.name=/^(${WORDED_PROPS.join('|')})$/] > JSXExpressionContainer > :matches(Literal, TemplateLiteral)`,
          message: 'User-facing text comes from the message catalogue (messages/*.json): use t() from next-intl.',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
    files: ['tests/**', 'e2e/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: [
      'src/server/config.ts',
      'scripts/**',
      'tests/**',
      'e2e/**',
      'bench/**',
      '*.config.ts',
      '*.config.mjs',
      'src/sim/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
