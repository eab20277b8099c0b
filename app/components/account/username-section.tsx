/**
 * Account settings: the username (spec §3, §5) can be set once — 5 to 12 letters, digits, _
 * or -, starting with a letter. Once set, the form is gone and the name is shown instead.
 */
import { userActions } from '../../../common/actions/users';
import { LIMITS } from '../../../common/constants';
import { setUsernameSchema, type SetUsernameInput } from '../../../common/validation/account';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { useSchemaForm } from '~/lib/use-schema-form';
import { FormAlert } from './auth-card';
import { useAccountSaved } from './use-account-update';
import { useT } from '~/lib/use-t';

export function UsernameSection({ username }: { username: string | null }) {
  const t = useT();
  return (
    <Card>
      <CardHeader
        title={t('accountSettings.username.title')}
        description={username ? undefined : t('accountSettings.username.help', { min: LIMITS.usernameMin, max: LIMITS.usernameMax })}
      />
      <CardBody>
        {username ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="username-current">
            {t('accountSettings.username.current', { username })}
          </p>
        ) : (
          <SetUsernameForm />
        )}
      </CardBody>
    </Card>
  );
}

function SetUsernameForm() {
  const t = useT();
  const saved = useAccountSaved();
  const form = useSchemaForm(setUsernameSchema, { username: '' }, {
    onValid: async (data: SetUsernameInput) => {
      await send(userActions.setUsername, data);
      await saved();
    },
  });
  return (
    <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
      <FormAlert message={form.formError} />
      <Field label={t('accountSettings.username.label')} required error={form.errorFor('username')}>
        {(props) => (
          <Input {...props} {...form.bind('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
        )}
      </Field>
      <Button type="submit" loading={form.submitting}>
        {t('accountSettings.username.submit')}
      </Button>
    </form>
  );
}
