import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** The rows of README's table under "How the code is organised". */
const start = readme.indexOf('## How the code is organised');
const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
const rows = section.split('\n').filter((line) => line.startsWith('| `'));
/** What a row says it is about: its first cell. */
const firstCell = (row: string) => row.split(' | ')[0];

const folders = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe("README's code map", () => {
  it('has its table', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it.each(folders('server/src'))('has a row for server/src/%s/', (folder) => {
    expect(rows.some((row) => firstCell(row).includes(`\`server/src/${folder}/\``))).toBe(true);
  });

  it.each(folders('src/features'))('names src/features/%s/ in the features row', (folder) => {
    const features = rows.find((row) => firstCell(row) === '| `src/features/<screen>/`');
    expect(features).toContain(`\`${folder}/\``);
  });
});
