/**
 * Installer step "admin" (spec §5): username, password and its confirmation are each required
 * and must match; the e-mail is optional (the API accepts it so the admin can receive mail).
 */
import { LIMITS } from '../../../common/constants';
import { Field, Input } from '~/components/ui/input';
import { useFieldMessage } from '~/lib/form-errors';
import type { StepFieldsProps } from './install-form';
import { useT } from '~/lib/use-t';

export function AdminStep({ values, errors, onField }: StepFieldsProps) {
  const t = useT();
  const message = useFieldMessage();
  return (
    <div className="space-y-4">
      <Field label={t('install.admin.username')} required error={message(errors.adminUsername)} hint={t('install.admin.usernameHint')}>
        {(props) => (
          <Input
            {...props}
            name="adminUsername"
            value={values.adminUsername}
            autoComplete="username"
            onChange={(e) => onField('adminUsername', e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('install.admin.password')} required error={message(errors.adminPassword)}>
          {(props) => (
            <Input
              {...props}
              type="password"
              name="adminPassword"
              value={values.adminPassword}
              autoComplete="new-password"
              onChange={(e) => onField('adminPassword', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('install.admin.passwordConfirm')} required error={message(errors.adminPasswordConfirm)}>
          {(props) => (
            <Input
              {...props}
              type="password"
              name="adminPasswordConfirm"
              value={values.adminPasswordConfirm}
              autoComplete="new-password"
              onChange={(e) => onField('adminPasswordConfirm', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={t('install.admin.email')} error={message(errors.adminEmail)} hint={t('install.admin.emailHint')}>
        {(props) => (
          <Input
            {...props}
            type="email"
            name="adminEmail"
            value={values.adminEmail}
            maxLength={LIMITS.emailMax}
            autoComplete="email"
            onChange={(e) => onField('adminEmail', e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
