/**
 * What the sign-in and sign-up pages do after the API accepted the visitor: refresh the root
 * loader (so the header shows the signed-in user) and go where the visitor was headed.
 */
import { useCallback } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { safeRedirect } from '../../../common/redirect';

export function useAfterSignIn(): (redirect: string | undefined) => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return useCallback(
    async (redirect: string | undefined) => {
      // The API already made `redirect` safe; checking again costs nothing and keeps this page
      // safe on its own (same-site paths only: no open redirect).
      const target = safeRedirect(redirect);
      await revalidator.revalidate();
      await navigate(target, { replace: true });
    },
    [navigate, revalidator],
  );
}
