// Lints planted sources as if they were files of the tree: reads [{ file, code }] on stdin, prints
// [{ file, rules }] (the rules each one breaks). ESLint loads its flat config as an ES module, which
// jest's module system cannot, hence a process of its own.
import { ESLint } from 'eslint';

const input = await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text));
});
const eslint = new ESLint({ cwd: process.cwd() });
const answers = [];
for (const { file, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: file });
  answers.push({ file, rules: result.messages.map((message) => message.ruleId ?? message.message) });
}
process.stdout.write(JSON.stringify(answers));
