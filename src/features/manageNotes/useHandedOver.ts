import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * What the previous screen handed over with the navigation (a message to show), read once: the
 * history entry is then replaced without it, so that a reload does not show it again.
 */
export function useHandedOver<T extends object>(): Partial<T> {
  const location = useLocation();
  const navigate = useNavigate();
  const [handedOver] = useState<Partial<T>>(() => (location.state as Partial<T> | null) ?? {});
  useEffect(() => {
    if (location.state) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  return handedOver;
}
