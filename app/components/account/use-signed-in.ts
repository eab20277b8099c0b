/**
 * What the sign-in and sign-up pages do after the API accepted the visitor: refresh the root
 * loader (so the header shows the signed-in user) and go where the visitor was headed.
 */
import { useCallback } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { safeRedirect } from '../../../common/redirect';
import { ensureMemberSections } from '~/lib/i18n';
import { useRootData } from '~/lib/session';

export function useAfterSignIn(): (redirect: string | undefined) => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { locale } = useRootData();
  return useCallback(
    async (redirect: string | undefined) => {
      // The API already made `redirect` safe; checking again costs nothing and keeps this page
      // safe on its own (same-site paths only: no open redirect).
      const target = safeRedirect(redirect);
      // The member texts first, so the next page (settings, editor…) renders translated at once.
      await ensureMemberSections(locale);
      await revalidator.revalidate();
      await navigate(target, { replace: true });
    },
    [navigate, revalidator, locale],
  );
}
