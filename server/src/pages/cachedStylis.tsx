import type { ReactNode } from 'react';
import { StyleSheetContext } from 'styled-components';

type Stylis = React.ContextType<typeof StyleSheetContext>['stylis'];

/** Compiled CSS the cache may hold, counted in characters of its keys: it is emptied when full. */
const MAX_CACHED_CHARS = 4 * 1024 * 1024;

/**
 * styled-components compiles a component's CSS (stylis) into each new style sheet, and the server
 * starts a new sheet for every page: that was a fifth of a page's rendering. The same CSS text for the
 * same selector compiles to the same rules, so they are cached across renders.
 */
class CompiledRules {
  private readonly rules = new Map<string, string[]>();
  private chars = 0;
  private readonly wrapped = new WeakMap<Stylis, Stylis>();

  /** The stylis instance, with its compiled rules cached. */
  caching(stylis: Stylis): Stylis {
    let cached = this.wrapped.get(stylis);
    if (!cached) {
      cached = Object.assign(
        (css: string, selector?: string, prefix?: string, componentId?: string) => {
          const key = `${selector ?? ''}\u0000${prefix ?? ''}\u0000${componentId ?? ''}\u0000${css}`;
          let rules = this.rules.get(key);
          if (!rules) {
            rules = Object.freeze(stylis(css, selector, prefix, componentId)) as string[];
            if (this.chars + key.length > MAX_CACHED_CHARS) this.clear();
            this.rules.set(key, rules);
            this.chars += key.length;
          }
          return rules;
        },
        { hash: stylis.hash },
      );
      this.wrapped.set(stylis, cached);
    }
    return cached;
  }

  private clear(): void {
    this.rules.clear();
    this.chars = 0;
  }
}

const compiled = new CompiledRules();

/** The styled components inside compile their CSS through the cache (server rendering only). */
export function CachedStylis({ children }: { children: ReactNode }) {
  return (
    <StyleSheetContext.Consumer>
      {(context) => <StyleSheetContext.Provider value={{ ...context, stylis: compiled.caching(context.stylis) }}>{children}</StyleSheetContext.Provider>}
    </StyleSheetContext.Consumer>
  );
}
