import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useToast } from '../../components/ui/toast';

/** A new page ends the errors and warnings of the last one (a form's problems, 'Login Required'). */
export function ToastsFollowPage() {
  const { pathname } = useLocation();
  const { pageChanged } = useToast();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    pageChanged();
  }, [pathname, pageChanged]);
  return null;
}
