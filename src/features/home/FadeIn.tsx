import { type ReactNode, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { prefersReducedMotion } from '@/lib/motion';

type Phase = 'static' | 'waiting' | 'shown';

const Wrapper = styled.div<{ $phase: Phase; $duration: number; $delay: number }>`
  opacity: ${({ $phase }) => ($phase === 'waiting' ? 0 : 1)};
  transform: translateY(${({ $phase }) => ($phase === 'waiting' ? '16px' : 0)});
  transition: ${({ $phase, $duration, $delay }) =>
    $phase === 'shown' ? `opacity ${$duration}ms ease-out ${$delay}ms, transform ${$duration}ms ease-out ${$delay}ms` : 'none'};
`;

/**
 * Fades its content in the first time it scrolls into view (500 ms, 50 ms delay by default).
 * The content is visible as sent (a server-rendered page reads without JavaScript); only what
 * the observer's first report finds out of view is hidden until it scrolls in. (The observer
 * rather than a size reading: measuring right after the page is taken over forces a layout.)
 */
export function FadeIn({ children, duration = 500, delay = 50 }: { children: ReactNode; duration?: number; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const inView = entries.some((entry) => entry.isIntersecting);
        if (first && inView) observer.disconnect();
        else if (first) setPhase('waiting');
        else if (inView) {
          setPhase('shown');
          observer.disconnect();
        }
        first = false;
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
