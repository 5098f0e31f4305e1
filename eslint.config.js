import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'node_modules/**',
      '.wrangler/**',
      'e2e/artifacts/**',
      'bench/data/**',
      'extension/dist/**',
      'worker-configuration.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description' }],
    },
  },
  {
    // Loaders and actions: a redirect never throws on a hostile Location, a broken form is a 400.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/http/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@remix-run/cloudflare',
              importNames: ['redirect'],
              message: 'Use redirect from app/http/redirect.server: it never throws on a bad Location.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='formData']",
          message: 'Read forms with readForm (app/http/read-form.server): a broken body is a 400, not a 500.',
        },
        {
          selector: 'Literal[value=/^\\/api\\/v1\\//], TemplateElement[value.raw=/^\\/api\\/v1\\//]',
          message: 'Call the API through the typed client (app/api/client.ts): api.contacts.$get(...), or $path() for a link.',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'e2e/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        AbortController: 'readonly',
        performance: 'readonly',
        FormData: 'readonly',
        Blob: 'readonly',
      },
    },
  },
);
