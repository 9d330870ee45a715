import fs from 'node:fs';
import path from 'node:path';

/** What the SPA build wrote about its scripts (webpack.config.ts, AssetManifestPlugin). */
export interface AssetManifest {
  /** The scripts every page loads, in order. */
  entry: string[];
  /** The scripts of each named lazy chunk beyond the entry's. */
  chunks: Record<string, string[]>;
}

export const MANIFEST_FILE = 'assets-manifest.json';

/** The built SPA's manifest, or undefined when the SPA has not been built. */
export function readAssetManifest(staticDir: string): AssetManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(staticDir, MANIFEST_FILE), 'utf8')) as AssetManifest;
  } catch {
    return undefined;
  }
}

/** The build time of the SPA: the last change of the pages' fixed content. */
export function buildTime(staticDir: string): Date {
  return fs.statSync(path.join(staticDir, MANIFEST_FILE)).mtime;
}
