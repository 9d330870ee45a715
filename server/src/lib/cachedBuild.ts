/**
 * One thing built from the site's data (the sitemap, the share image, the feeds): built on first use,
 * then cached until dropped (a change announced) or older than `maxAgeMs` (another instance's
 * announcement can be lost).
 */
export class CachedBuild<T> {
  private built: Promise<T> | undefined;
  private builtAt = 0;

  constructor(private readonly maxAgeMs: number) {}

  get(build: () => Promise<T>): Promise<T> {
    if (!this.built || Date.now() - this.builtAt > this.maxAgeMs) {
      const made = build();
      // A failure is not cached; a newer build that replaced this one is kept.
      made.catch(() => {
        if (this.built === made) this.built = undefined;
      });
      [this.built, this.builtAt] = [made, Date.now()];
    }
    return this.built;
  }

  drop(): void {
    this.built = undefined;
  }
}
