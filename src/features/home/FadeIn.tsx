import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { prefersReducedMotion } from '../../lib/motion';

const Wrapper = styled.div<{ $shown: boolean; $duration: number; $delay: number }>`
  opacity: ${({ $shown }) => ($shown ? 1 : 0)};
  transform: translateY(${({ $shown }) => ($shown ? 0 : '16px')});
  transition: opacity ${({ $duration }) => $duration}ms ease-out ${({ $delay }) => $delay}ms,
    transform ${({ $duration }) => $duration}ms ease-out ${({ $delay }) => $delay}ms;
`;

/** Shown at once when there is no observer to tell us it scrolled into view, or motion is unwanted. */
const showsAtOnce = () => typeof IntersectionObserver === 'undefined' || prefersReducedMotion();

/** Fades its content in the first time it scrolls into view (spec §9: 500 ms, 50 ms delay). */
export function FadeIn({ children, duration = 500, delay = 50 }: { children: ReactNode; duration?: number; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(showsAtOnce);

  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <Wrapper ref={ref} $shown={shown} $duration={duration} $delay={delay} data-shown={shown}>
      {children}
    </Wrapper>
  );
}
