import type { Image } from '@/contract';

/**
 * The text that stands for a picture where it is shown on its own: its description when it has one
 * (the owner's words for what it shows), otherwise its title, which an upload builds from the file
 * name ("Logo - logo-green.jpg"), otherwise `fallback`.
 */
export function imageAlt(image: Pick<Image, 'title' | 'description'>, fallback = ''): string {
  return image.description.trim() || image.title.trim() || fallback;
}
