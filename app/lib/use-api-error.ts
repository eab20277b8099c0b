/**
 * CONTRACT — what a form does with a failed API call (spec §8):
 *
 *   const handleApiError = useApiErrorHandler();
 *   try { await api(…) } catch (error) {
 *     if (error instanceof ApiError && error.fields) setFieldErrors(error.fields);
 *     else handleApiError(error);
 *   }
 *
 * errorCode 1 (not signed in) → toast 'please sign in'; when it closes, go to
 * /user/signin?redirect=<current path>. Any other error → toast its message, or 'Unknown error'.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from './api';
import { signInPath } from './paths';
import { useToast, type Toaster } from './toast';
import { useT } from './use-t';

export interface ApiErrorDeps {
  toast: Toaster;
  navigate: (to: string) => void;
  currentPath: string;
  t: (key: string) => string;
}

/** The rule itself, without React (unit-testable). */
export function handleApiError(error: unknown, deps: ApiErrorDeps): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError && error.isNotSignedIn) {
    deps.toast.info(deps.t('site.api.pleaseSignIn'), { onClose: () => deps.navigate(signInPath(deps.currentPath)) });
    return;
  }
  const message = error instanceof Error && error.message ? error.message : deps.t('common.unknownError');
  deps.toast.error(message);
}

export function useApiErrorHandler(): (error: unknown) => void {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  const currentPath = location.pathname + location.search;
  return useCallback((error: unknown) => handleApiError(error, { toast, navigate, currentPath, t: (key) => t(key) }), [toast, navigate, currentPath, t]);
}
