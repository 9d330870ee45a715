import { type PointerEvent, useRef, useState } from 'react';
import styled, { css, keyframes } from 'styled-components';

import { useGetImagesQuery } from '@/lib/api/imagesApi';
import { imageAlt } from '@/lib/imageAlt';
import { theme } from '@/lib/theme/themes';

import { bannerQuery } from './queries';

/** Display size of the round banner (CSS px); the server's `banner` rendition is made for it. */
const SIZE = 224;

const pulse = keyframes`50% { opacity: 0.45; }`;

const circle = css`
  width: ${SIZE}px;
  height: ${SIZE}px;
  @media (max-width: ${theme.breakpoints.phone}) {
    width: ${SIZE * 0.75}px;
    height: ${SIZE * 0.75}px;
  }
  flex: none;
  border-radius: ${theme.radii.round};
  overflow: hidden;
`;
const Placeholder = styled.div`
  ${circle}
  background: ${theme.colors.surfaceAlt};
  animation: ${pulse} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
const initialsLook = css`
  display: grid;
  place-items: center;
  background: ${theme.colors.accent};
  color: ${theme.colors.onAccent};
  font-family: ${theme.fonts.body};
  font-size: ${theme.fontSizes.hero};
  font-weight: 600;
  letter-spacing: 0.04em;
`;
const Initials = styled.div`
  ${circle}
  ${initialsLook}
`;
const Picture = styled.div`
  ${circle}
  position: relative;
  display: block;
  padding: 0;
  border: 0;
  background: ${theme.colors.surfaceAlt};
  &:is(button) {
    cursor: pointer;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    /* A picture that fails before the page's script runs (the server-rendered first visit) has
       no error handler yet. Its alt text, still read by screen readers, stays out of sight instead
       of spilling over the circle, and the initials cover it: browsers draw a broken image's
       ::after, never a loaded one's. */
    color: transparent;
    overflow: hidden;
  }
  img::after {
    content: attr(data-initials);
    position: absolute;
    inset: 0;
    ${initialsLook}
  }
`;
const Note = styled.p`
  max-width: ${SIZE}px;
  margin: ${theme.space[2]} 0 0;
  color: ${theme.colors.danger};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.xs};
  text-align: center;
`;

/** The first letters of the name's first and last words, e.g. EN. */
const initialsOf = (name: string): string => {
  const words = name.split(/\s+/).filter(Boolean);
  return words.length > 1 ? `${words[0][0]}${words[words.length - 1][0]}`.toUpperCase() : (words[0]?.[0] ?? '').toUpperCase();
};

/** A click this soon after the hover that moved the picture belongs to the same approach of the mouse. */
const SAME_GESTURE_MS = 600;

/**
 * The round picture in the hero, from the `page-logos` gallery. Click or hover shows the next
 * picture; the owner's initials stand in when there is none or it cannot be shown.
 */
export function Banner({ name }: { name: string }) {
  const { data: images = [], isLoading, isError } = useGetImagesQuery(bannerQuery);
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState(false);
  const hoveredAt = useRef(Number.NEGATIVE_INFINITY);

  if (isLoading) {
    return (
      <Placeholder role="status">
        <span className="visually-hidden">Loading banner images...</span>
      </Placeholder>
    );
  }
  const image = images.length ? images[index % images.length] : undefined;
  if (!image || failed || isError) {
    return (
      <div>
        <Initials role="img" aria-label={name}>
          {initialsOf(name)}
        </Initials>
        {isError && <Note role="status">Failed to load banner images.</Note>}
      </div>
    );
  }
  const picture = (
    <img
      // A picture that failed before the page came alive fired its error event unheard: found here, it gives way to the initials.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0) setFailed(true);
      }}
      src={image.sizes.banner}
      alt={imageAlt(image, name)}
      data-initials={initialsOf(name)}
      width={SIZE}
      height={SIZE}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
  if (images.length < 2) return <Picture>{picture}</Picture>;
  const next = () => setIndex((current) => (current + 1) % images.length);
  const onHover = (event: PointerEvent<HTMLButtonElement>) => {
    // Hover means a mouse: a tap also emulates mouseenter, which would skip a picture.
    if (event.pointerType !== 'mouse') return;
    hoveredAt.current = Date.now();
    next();
  };
  const onClick = () => {
    // Moving the mouse onto the picture to click it already showed the next one: that is one gesture.
    if (Date.now() - hoveredAt.current < SAME_GESTURE_MS) return;
    next();
  };
  return (
    <Picture as="button" type="button" aria-label="Show the next picture" onClick={onClick} onPointerEnter={onHover}>
      {picture}
    </Picture>
  );
}
