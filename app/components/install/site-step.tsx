/** Installer step "site" (spec §5): the site name is required, the description optional. */
import { LIMITS } from '../../../common/constants';
import { Field, Input, Textarea } from '~/components/ui/input';
import { useFieldMessage } from '~/lib/form-errors';
import type { StepFieldsProps } from './install-form';
import { useT } from '~/lib/use-t';

export function SiteStep({ values, errors, onField }: StepFieldsProps) {
  const t = useT();
  const message = useFieldMessage();
  return (
    <div className="space-y-4">
      <Field label={t('install.site.title')} required error={message(errors.siteTitle)}>
        {(props) => (
          <Input
            {...props}
            name="siteTitle"
            value={values.siteTitle}
            maxLength={LIMITS.siteTitleMax}
            autoComplete="off"
            onChange={(e) => onField('siteTitle', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('install.site.description')} error={message(errors.siteDescription)} hint={t('install.site.descriptionHint')}>
        {(props) => (
          <Textarea
            {...props}
            name="siteDescription"
            rows={3}
            value={values.siteDescription}
            maxLength={LIMITS.siteDescriptionMax}
            onChange={(e) => onField('siteDescription', e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
