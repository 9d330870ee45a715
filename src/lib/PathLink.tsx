import { type AnchorHTMLAttributes, forwardRef } from 'react';
import { Link } from 'react-router-dom';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link to an in-app path (client-side navigation) or to another site (a plain anchor). */
export const PathLink = forwardRef<HTMLAnchorElement, Props>(function PathLink({ to, ...rest }, ref) {
  return /^https?:\/\//.test(to) ? <a ref={ref} href={to} {...rest} /> : <Link ref={ref} to={to} {...rest} />;
});
