import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '..', '..', '..');

/** A planted import, the file it is planted in, and the rule that must refuse it (null: none may). */
const plants: { file: string; code: string; rule: string | null }[] = [
  { file: 'server/src/services/planted.ts', code: "import '../routes/health';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/src/services/planted.ts', code: "import '../plugins/changes';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/src/storage/planted.ts', code: "import '../services/uploadedFiles';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/src/storage/planted.ts', code: "import '../plugins/storage';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/src/pages/planted.ts', code: "import '../plugins/securityHeaders';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/src/pages/planted.ts', code: "import '../services/uploadedFiles';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/src/services/planted.ts', code: "import '../../../src/app/store';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/src/routes/planted.ts', code: "import '@/app/store';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/src/main.ts', code: "import '../../src/app/store';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/contract/planted.ts', code: "import '../../src/app/store';", rule: 'import-x/no-restricted-paths' },
  { file: 'server/src/repositories/planted.ts', code: "import '../services/uploadedFiles';", rule: 'no-restricted-imports' },
  { file: 'server/src/lib/planted.ts', code: "import '../repositories/audit';", rule: 'no-restricted-imports' },
  { file: 'src/features/home/planted.ts', code: "import '../cv/CvPage';", rule: 'no-restricted-imports' },
  { file: 'src/lib/planted.ts', code: "import '@/ui/Alert';", rule: 'no-restricted-imports' },
  { file: 'src/ui/planted.ts', code: "import '@/app/store';", rule: 'no-restricted-imports' },
  // What the zones allow.
  { file: 'server/src/pages/planted.ts', code: "import '../../../src/app/store';", rule: null },
  { file: 'server/src/services/planted.ts', code: "import '../../contract/paths';", rule: null },
  { file: 'server/src/plugins/planted.ts', code: "import '../services/uploadedFiles';", rule: null },
];

const results: { file: string; rules: string[] }[] = JSON.parse(
  execFileSync(process.execPath, [path.join(__dirname, 'lintText.mjs')], {
    cwd: root,
    input: JSON.stringify(plants.map(({ file, code }) => ({ file: path.join(root, file), code: `${code}\n` }))),
    encoding: 'utf8',
  }),
);

describe('lint sees the layers', () => {
  it.each(plants.map((plant, index) => [plant.file, plant.code, plant.rule, index] as const))('%s: %s → %s', (_file, _code, rule, index) => {
    const broken = results[index].rules;
    if (rule === null) expect(broken).not.toContainEqual(expect.stringMatching(/restricted/));
    else expect(broken).toContain(rule);
  });
});
