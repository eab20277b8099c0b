/**
 * After an account change the API answers with the updated user; the page re-reads it through
 * its loaders (and the header through the root loader), then confirms with the spec's
 * 'Edit successful' toast.
 */
import { useCallback } from 'react';
import { useRevalidator } from 'react-router';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';

export function useAccountSaved(): () => Promise<void> {
  const t = useT();
  const toast = useToast();
  const revalidator = useRevalidator();
  return useCallback(async () => {
    await revalidator.revalidate();
    toast.success(t('accountSettings.saved'));
  }, [revalidator, toast, t]);
}
