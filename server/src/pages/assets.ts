import fs from 'node:fs';
import path from 'node:path';

/** What the SPA build wrote about its scripts (webpack.config.ts, AssetManifestPlugin). */
export interface AssetManifest {
  /** The scripts every page loads, in order. */
  entry: string[];
  /** The scripts of each named lazy chunk beyond the entry's. */
  chunks: Record<string, string[]>;
  /** The source of the script a server-rendered page starts the others with (public/boot.js, minified). */
  loader: string;
}

export const MANIFEST_FILE = 'assets-manifest.json';

/** The built SPA's manifest, or undefined when the SPA has not been built (or was built by an older version). */
export function readAssetManifest(staticDir: string): AssetManifest | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(staticDir, MANIFEST_FILE), 'utf8')) as Partial<AssetManifest>;
    return Array.isArray(manifest.entry) && manifest.chunks && typeof manifest.loader === 'string' ? (manifest as AssetManifest) : undefined;
  } catch {
    return undefined;
  }
}

/** The build time of the SPA: the last change of the pages' fixed content. */
export function buildTime(staticDir: string): Date {
  return fs.statSync(path.join(staticDir, MANIFEST_FILE)).mtime;
}
