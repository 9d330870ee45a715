import { __PRIVATE__ } from 'styled-components';

import { releaseServerStyles } from './hydration';

/**
 * Takes over the server-rendered style sheets held at startup (expectHydration): styled-components
 * learns the class names they hold, so hydration compiles none of them again. Its own takeover, which
 * it runs only as it is first evaluated, is reached through its internals.
 */
export function takeOverServerStyles(): void {
  if (releaseServerStyles()) __PRIVATE__.mainSheet.rehydrate();
}
