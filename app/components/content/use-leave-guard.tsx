/**
 * Warns before unsaved changes are lost: a confirmation for navigation inside the site (React
 * Router's blocker) and the browser's own prompt for closing, reloading or leaving the site
 * (`beforeunload`). `allowLeave()` lets the next navigation through (after a save).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '~/components/ui/dialog';

export interface LeaveGuardText {
  title: string;
  body: string;
  stay: string;
  leave: string;
}

export function useLeaveGuard(dirty: boolean, text: LeaveGuardText) {
  // A ref, read when a navigation starts: a save navigates in the same tick it allows leaving,
  // before the blocker could be given a new function.
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const allowLeave = useCallback(() => {
    allowed.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      title={text.title}
      description={text.body}
      cancelLabel={text.stay}
      confirmLabel={text.leave}
      danger
    />
  );
  return { allowLeave, dialog };
}
