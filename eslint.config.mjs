// @ts-check
// Lint rules for every TypeScript and JavaScript file of the project: typescript-eslint's type-checked
// recommendations, with floating promises refused, `===` only, and every case of a union handled in a switch.
// The scripts, the benches and the build are JavaScript checked by TypeScript through tsconfig.scripts.json.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'out/', 'node_modules/', 'test-results/', '.vscode-test/', 'media/review/'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // `const { id: _dropped, ...rest } = value` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false },
      ],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      parserOptions: { projectService: false, project: './tsconfig.scripts.json' },
    },
    rules: {
      // TypeScript checks the names these files use (tsconfig.scripts.json), with Node's and the host's types.
      'no-undef': 'off',
      // CommonJS files (the extension-host probes, the sandbox's launcher) load modules with require().
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
