/**
 * The home page's queries, apart from its screens: the route prefetches them on the server and the
 * screens make the same calls, while the screens' code stays in the home page's own chunk.
 */
import { NEWS_LIMITS } from '@/contract/newsRules';
import { NOTE_LIMITS } from '@/contract/noteRules';
import { BANNER_GALLERY_SLUG } from '@/contract/paths';

export const bannerQuery = { gallery_slug: BANNER_GALLERY_SLUG };
export const homeNewsQuery = { limit: NEWS_LIMITS.onHomePage };
export const homeNotesQuery = { limit: NOTE_LIMITS.onHomePage };
