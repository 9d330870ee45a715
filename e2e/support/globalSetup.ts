import { startSite } from './server';

export default async function globalSetup(): Promise<void> {
  const { child, dataDir } = await startSite();
  process.env.E2E_DATA_DIR = dataDir;
  (globalThis as { __SITE__?: typeof child }).__SITE__ = child;
}
