/**
 * Edit profile: nickname, signature and home page, validated in the browser and on the server
 * with the same zod schema (updateProfileSchema); the server's field errors appear under the same
 * fields. After saving, the page and the header re-read the user and the spec's 'Edit successful'
 * toast confirms.
 */
import { userActions } from '../../../common/actions/users';
import { LIMITS } from '../../../common/constants';
import { updateProfileSchema, type UpdateProfileInput } from '../../../common/validation/account';
import { FormAlert } from '~/components/account/auth-card';
import { useAccountSaved } from '~/components/account/use-account-update';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Field, Input, Textarea } from '~/components/ui/input';
import { send } from '~/lib/api';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';

export interface ProfileFields {
  nickname: string;
  signature: string;
  homePage: string;
}

export function ProfileForm({ profile }: { profile: ProfileFields }) {
  const t = useT();
  const saved = useAccountSaved();
  const form = useSchemaForm(updateProfileSchema, { ...profile }, {
    onValid: async (data: UpdateProfileInput) => {
      await send(userActions.update, data);
      await saved();
    },
  });
  const signatureLength = [...form.values.signature].length;
  return (
    <Card>
      <CardHeader title={t('profile.details.title')} description={t('profile.details.help')} />
      <CardBody>
        <form method="post" noValidate onSubmit={form.submit} className="space-y-4" data-testid="profile-form">
          <FormAlert message={form.formError} />
          <Field label={t('profile.details.nickname')} required error={form.errorFor('nickname')}>
            {(props) => <Input {...props} {...form.bind('nickname')} autoComplete="nickname" maxLength={LIMITS.nicknameMax} />}
          </Field>
          <Field
            label={t('profile.details.signature')}
            error={form.errorFor('signature')}
            hint={t('profile.details.signatureCount', { count: signatureLength, max: LIMITS.signatureMax })}
          >
            {(props) => <Textarea {...props} {...form.bind('signature')} rows={3} maxLength={LIMITS.signatureMax} className="resize-y" />}
          </Field>
          <Field label={t('profile.details.homePage')} error={form.errorFor('homePage')} hint={t('profile.details.homePageHint')}>
            {(props) => <Input {...props} {...form.bind('homePage')} type="url" inputMode="url" autoComplete="url" placeholder="https://" maxLength={LIMITS.homePageMax} />}
          </Field>
          <Button type="submit" loading={form.submitting} data-testid="profile-save">
            {t('profile.details.submit')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
