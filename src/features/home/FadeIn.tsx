import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { prefersReducedMotion } from '../../lib/motion';

type Phase = 'static' | 'waiting' | 'shown';

const Wrapper = styled.div<{ $phase: Phase; $duration: number; $delay: number }>`
  opacity: ${({ $phase }) => ($phase === 'waiting' ? 0 : 1)};
  transform: translateY(${({ $phase }) => ($phase === 'waiting' ? '16px' : 0)});
  transition: ${({ $phase, $duration, $delay }) =>
    $phase === 'shown' ? `opacity ${$duration}ms ease-out ${$delay}ms, transform ${$duration}ms ease-out ${$delay}ms` : 'none'};
`;

function isBelowTheFold(element: HTMLElement): boolean {
  return element.getBoundingClientRect().top >= window.innerHeight;
}

/**
 * Fades its content in the first time it scrolls into view (500 ms, 50 ms delay by default).
 * The content is visible as sent (a server-rendered page reads without JavaScript); only what
 * is still below the fold once the page runs is hidden until it scrolls in.
 */
export function FadeIn({ children, duration = 500, delay = 50 }: { children: ReactNode; duration?: number; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion() || !isBelowTheFold(element)) return;
    setPhase('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setPhase('shown');
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Wrapper ref={ref} $phase={phase} $duration={duration} $delay={delay} data-shown={phase !== 'waiting'}>
      {children}
    </Wrapper>
  );
}
