/**
 * `/admin/settings` (issue 17, admins only): every editable site setting in tabs, one form
 * (react-hook-form with the shared zod schema `adminSettingsSchema` through the back office's form
 * helper, so a field shows the same message the server would give). Save sends the top-level settings that changed to POST
 * admin/settings; the server's field errors come back on the same inputs, the tab holding the
 * first error opens, and the site around (header title, logo, nav links, menus) follows at once.
 * The mail tab sends a test mail through the saved settings.
 */
import { useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { Link, useLoaderData, useRevalidator, useSearchParams, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { siteSettingsActions } from '../../common/actions/site-settings';
import { LOCALES } from '../../common/constants';
import type { AdminSettingsView } from '../../common/views/settings';
import { adminSettingsSchema, SETTINGS_SECTIONS, type AdminSettings, type AdminSettingsInput, type EditableSettingKey, type SettingsSection } from '../../common/validation/settings';
import { AdminTitle } from '~/components/admin/admin-table';
import { SignInProvidersSettings } from '~/components/identities/sign-in-providers-settings';
import { identityActions } from '../../common/actions/identities';
import { DeletionContentSetting } from '~/components/account-data/deletion-setting';
import { requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { useSchemaForm } from '~/lib/use-schema-form';
import { ImageIcon, TrashIcon } from '~/components/topic/icons';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { controlClass, Field, Input, Textarea } from '~/components/ui/input';
import { Switch } from '~/components/ui/switch';
import { serverUpload } from '~/editor/upload';
import { ApiError, send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useBusyCall } from '~/lib/use-busy-call';
import { useHydrated } from '~/lib/use-hydrated';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  return { view: unwrapAdmin(await context.read(siteSettingsActions.read, {})), providers: unwrapAdmin(await context.read(identityActions.adminList, {})).providers };
}

type Values = AdminSettingsInput;
type Name = FieldPath<Values>;
const SECTIONS = Object.keys(SETTINGS_SECTIONS) as SettingsSection[];
const PROVIDERS_TAB = 'providers';

/** The tab a field belongs to (its top-level key). */
function sectionOf(field: string): SettingsSection | undefined {
  const key = field.split('.')[0] as EditableSettingKey;
  return SECTIONS.find((section) => (SETTINGS_SECTIONS[section] as readonly string[]).includes(key));
}

interface FormParts {
  register: UseFormRegister<Values>;
  control: Control<Values, unknown, AdminSettings>;
  /** The field's translated message (client key or the server's text), when invalid. */
  errorFor: (name: Name) => string | undefined;
}

function TextField({ form, name, label, hint, multiline, rows, type, list }: { form: FormParts; name: Name; label: string; hint?: ReactNode; multiline?: boolean; rows?: number; type?: string; list?: string }) {
  const numeric = type === 'number';
  return (
    <Field label={label} hint={hint} error={form.errorFor(name)}>
      {(props) =>
        multiline ? (
          <Textarea rows={rows ?? 4} {...props} {...form.register(name)} data-testid={`setting-${name}`} />
        ) : (
          <Input type={type ?? 'text'} inputMode={numeric ? 'numeric' : undefined} list={list} {...props} {...form.register(name, numeric ? { valueAsNumber: true } : {})} data-testid={`setting-${name}`} />
        )
      }
    </Field>
  );
}

/** A list of words typed as "a, b, c". */
function ListField({ form, name, label, hint }: { form: FormParts; name: 'siteKeywords' | 'recommendTags'; label: string; hint: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <ListInput label={label} hint={hint} error={form.errorFor(name)} value={field.value as string[]} onChange={field.onChange} testId={`setting-${name}`} />}
    />
  );
}

function ListInput({ label, hint, error, value, onChange, testId }: { label: string; hint: string; error?: string; value: string[]; onChange: (words: string[]) => void; testId: string }) {
  const [text, setText] = useState(value.join(', '));
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => (
        <Input
          {...props}
          value={text}
          data-testid={testId}
          onChange={(event) => {
            setText(event.target.value);
            onChange(
              event.target.value
                .split(/[,，]/)
                .map((word) => word.trim())
                .filter(Boolean),
            );
          }}
        />
      )}
    </Field>
  );
}

function SwitchField({ form, name, label }: { form: FormParts; name: Name; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <label className="flex items-center justify-between gap-4 py-2 text-sm text-zinc-800 dark:text-zinc-200">
          {label}
          <Switch checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} data-testid={`setting-${name}`} />
        </label>
      )}
    />
  );
}

function LogoField({ form }: { form: FormParts }) {
  const t = useT();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Controller
      control={form.control}
      name="siteLogo"
      render={({ field }) => {
        async function choose(event: ChangeEvent<HTMLInputElement>) {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            field.onChange((await serverUpload(file)).url);
          } catch (error) {
            toast.error(t('adminSettings.site.uploadFailed', { reason: error instanceof Error ? error.message : String(error) }));
          } finally {
            setBusy(false);
          }
        }
        const logo = typeof field.value === 'string' ? field.value : '';
        const error = form.errorFor('siteLogo');
        return (
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('adminSettings.site.siteLogo')}</p>
            <div className="flex flex-wrap items-center gap-3">
              {logo ? (
                <img src={logo} alt="" width={40} height={40} className="size-10 rounded-md border border-zinc-200 object-contain dark:border-zinc-700" data-testid="setting-logo-preview" />
              ) : (
                <span className="text-sm text-zinc-600 dark:text-zinc-400">{t('adminSettings.site.noLogo')}</span>
              )}
              <input ref={input} type="file" accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void choose(e)} data-testid="setting-logo-file" />
              <Button variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
                <ImageIcon className="size-4" />
                {busy ? t('adminSettings.site.uploading') : logo ? t('adminSettings.site.changeLogo') : t('adminSettings.site.uploadLogo')}
              </Button>
              {logo && (
                <Button variant="ghost" size="sm" onClick={() => field.onChange('')}>
                  <TrashIcon className="size-4" />
                  {t('adminSettings.site.removeLogo')}
                </Button>
              )}
            </div>
            {error ? (
              <p className="text-sm text-red-700 dark:text-red-400" role="alert">
                {error}
              </p>
            ) : (
              <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('adminSettings.site.siteLogoHint')}</p>
            )}
          </div>
        );
      }}
    />
  );
}

function NavLinks({ form }: { form: FormParts }) {
  const t = useT();
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'siteNavs' });
  const listError = form.errorFor('siteNavs');
  return (
    <div className="space-y-3">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('adminSettings.navigation.intro')}</p>
      {fields.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('adminSettings.navigation.empty')}</p>}
      <ol className="space-y-3" data-testid="setting-navs">
        {fields.map((item, index) => {
          const name = item.title || t('adminSettings.navigation.link', { n: index + 1 });
          return (
            <li key={item.id} className="grid gap-3 rounded-lg border border-zinc-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start dark:border-zinc-800">
              <TextField form={form} name={`siteNavs.${index}.title`} label={t('adminSettings.navigation.navTitle')} />
              <TextField form={form} name={`siteNavs.${index}.url`} label={t('adminSettings.navigation.navUrl')} />
              <div className="flex gap-1 sm:pt-6">
                <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('adminSettings.navigation.up', { title: name })}>
                  ↑
                </Button>
                <Button variant="ghost" size="sm" disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} aria-label={t('adminSettings.navigation.down', { title: name })}>
                  ↓
                </Button>
                <Button variant="ghost" size="sm" onClick={() => remove(index)} aria-label={t('adminSettings.navigation.remove', { title: name })}>
                  <TrashIcon className="size-4" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {listError && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {listError}
        </p>
      )}
      <Button variant="secondary" size="sm" onClick={() => append({ title: '', url: '' })} data-testid="setting-nav-add">
        {t('adminSettings.navigation.add')}
      </Button>
    </div>
  );
}

const RULES = [
  'rateLimits.signinPerIp',
  'rateLimits.signinPerAccount',
  'rateLimits.signinAttackAlert',
  'rateLimits.signupPerIp',
  'rateLimits.mailPerIp',
  'rateLimits.linkCheckPerIp',
  'rateLimits.tagAutocomplete',
  'rateLimits.feedPerIp',
  'rateLimits.smsPerIp',
  'rateLimits.smsPerNumber',
  'rateLimits.phoneSigninPerIp',
  'postLimits.perUser',
  'postLimits.perIp',
  'commentLimits.perUser',
  'commentLimits.perIp',
  'reactionLimits.perUser',
  'checkinLimits.perUser',
  'reportLimits.perUser',
] as const;
type RulePath = (typeof RULES)[number] | 'uploadLimits.perUser';

/** One limit: at most `max` in a window typed in seconds (stored in ms). */
function RuleRow({ form, path }: { form: FormParts; path: RulePath }) {
  const t = useT();
  const rule = String(t(`adminSettings.limits.rules.${path}`));
  const maxError = form.errorFor(`${path}.max`);
  const windowError = form.errorFor(`${path}.windowMs`);
  const error = maxError ?? windowError;
  return (
    <tr className="align-top">
      <th scope="row" className="py-2 pr-3 text-left text-sm font-normal text-zinc-800 dark:text-zinc-200">
        {rule}
        {error && (
          <p className="text-sm text-red-700 dark:text-red-400" role="alert">
            {error}
          </p>
        )}
      </th>
      <td className="py-2 pr-2">
        <Input type="number" inputMode="numeric" min={0} className="w-24" aria-label={t('adminSettings.limits.maxOf', { rule })} aria-invalid={Boolean(maxError)} {...form.register(`${path}.max`, { valueAsNumber: true })} data-testid={`setting-${path}.max`} />
      </td>
      <td className="py-2">
        <Controller
          control={form.control}
          name={`${path}.windowMs`}
          render={({ field }) => (
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              className="w-28"
              aria-label={t('adminSettings.limits.windowOf', { rule })}
              aria-invalid={Boolean(windowError)}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={typeof field.value === 'number' && Number.isFinite(field.value) ? field.value / 1000 : ''}
              onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Math.round(Number(event.target.value) * 1000))}
              data-testid={`setting-${path}.windowMs`}
            />
          )}
        />
      </td>
    </tr>
  );
}

function RuleTable({ form, paths: rules }: { form: FormParts; paths: readonly RulePath[] }) {
  const t = useT();
  return (
    <div className="overflow-x-auto">
      <table className="w-full">
        <thead>
          <tr className="text-left text-xs text-zinc-600 dark:text-zinc-400">
            <th scope="col" className="pb-1 font-medium">
              {t('adminSettings.limits.rule')}
            </th>
            <th scope="col" className="pb-1 font-medium">
              {t('adminSettings.limits.max')}
            </th>
            <th scope="col" className="pb-1 font-medium">
              {t('adminSettings.limits.window')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((path) => (
            <RuleRow key={path} form={form} path={path} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TimeZoneField({ form }: { form: FormParts }) {
  const t = useT();
  const hydrated = useHydrated();
  // The runtime's list differs between the server and browsers: offered once in the browser.
  const zones = useMemo(() => (hydrated && typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), [hydrated]);
  return (
    <>
      <TextField form={form} name="timeZone" label={t('adminSettings.scores.timeZone')} hint={t('adminSettings.scores.timeZoneHint')} list={zones.length ? 'time-zones' : undefined} />
      <datalist id="time-zones">
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}

function Panel({ title, hint, children }: { title?: string; hint?: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      {title && <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{title}</h2>}
      {hint && <p className="text-sm text-zinc-700 dark:text-zinc-300">{hint}</p>}
      {children}
    </section>
  );
}

function SectionFields({ section, form, server }: { section: SettingsSection; form: FormParts; server: AdminSettingsView['server'] }) {
  const t = useT();
  switch (section) {
    case 'site':
      return (
        <div className="space-y-4">
          <TextField form={form} name="siteTitle" label={t('adminSettings.site.siteTitle')} />
          <TextField form={form} name="siteDescription" label={t('adminSettings.site.siteDescription')} hint={t('adminSettings.site.siteDescriptionHint')} multiline rows={2} />
          <ListField form={form} name="siteKeywords" label={t('adminSettings.site.siteKeywords')} hint={t('adminSettings.site.listHint')} />
          <LogoField form={form} />
          <Field label={t('adminSettings.site.language')} hint={t('adminSettings.site.languageHint')}>
            {(props) => (
              <select {...props} {...form.register('language')} className="h-10 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900" data-testid="setting-language">
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale}>
                    {t(`site.languages.${locale}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField form={form} name="siteNotice" label={t('adminSettings.site.siteNotice')} hint={t('adminSettings.site.siteNoticeHint')} />
          <ListField form={form} name="recommendTags" label={t('adminSettings.site.recommendTags')} hint={t('adminSettings.site.listHint')} />
          <TextField form={form} name="tokenExpireDays" label={t('adminSettings.site.tokenExpireDays')} type="number" />
        </div>
      );
    case 'navigation':
      return <NavLinks form={form} />;
    case 'modules':
      return (
        <div className="space-y-6">
          <Panel title={t('adminSettings.modules.modulesTitle')} hint={t('adminSettings.modules.modulesHint')}>
            <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
              <SwitchField form={form} name="modules.topic" label={t('adminSettings.modules.topic')} />
              <SwitchField form={form} name="modules.tweet" label={t('adminSettings.modules.tweet')} />
              <SwitchField form={form} name="modules.article" label={t('adminSettings.modules.article')} />
            </div>
          </Panel>
          <Panel title={t('adminSettings.modules.reviewTitle')}>
            <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
              <SwitchField form={form} name="topicReview" label={t('adminSettings.modules.topicReview')} />
              <SwitchField form={form} name="articleReview" label={t('adminSettings.modules.articleReview')} />
              <SwitchField form={form} name="commentNeedsVerifiedEmail" label={t('adminSettings.modules.commentNeedsVerifiedEmail')} />
            </div>
          </Panel>
          <Panel>
            <Controller
              control={form.control}
              name="accountDeletion.content"
              render={({ field }) => <DeletionContentSetting value={field.value} onChange={field.onChange} error={form.errorFor('accountDeletion.content')} />}
            />
          </Panel>
        </div>
      );
    case 'about':
      return (
        <div className="space-y-4">
          <TextField form={form} name="aboutContent" label={t('adminSettings.about.aboutContent')} hint={t('adminSettings.about.markdownHint')} multiline rows={10} />
          <TextField form={form} name="contact" label={t('adminSettings.about.contact')} hint={t('adminSettings.about.markdownHint')} multiline rows={4} />
          <TextField form={form} name="userAgreement" label={t('phoneSignIn.admin.agreement')} hint={t('phoneSignIn.admin.agreementHint')} multiline rows={8} />
          <Link to={paths.agreement} className="text-brand-700 dark:text-brand-300 block text-sm hover:underline">
            {t('phoneSignIn.admin.agreementPreview')}
          </Link>
          <Link to={paths.about} className="text-brand-700 dark:text-brand-300 text-sm hover:underline">
            {t('adminSettings.about.preview')}
          </Link>
        </div>
      );
    case 'scores':
      return (
        <div className="space-y-6">
          <TimeZoneField form={form} />
          <Panel title={t('adminSettings.scores.rulesTitle')} hint={t('adminSettings.scores.rulesHint')}>
            <div className="grid gap-4 sm:grid-cols-2">
              {(['checkin', 'topic', 'article', 'comment', 'likeReceived'] as const).map((rule) => (
                <TextField key={rule} form={form} name={`scoreRules.${rule}`} label={t(`adminSettings.scores.${rule}`)} type="number" />
              ))}
            </div>
            <SwitchField form={form} name="scoreRules.allowNegative" label={t('adminSettings.scores.allowNegative')} />
          </Panel>
        </div>
      );
    case 'limits':
      return (
        <div className="space-y-4">
          <Panel hint={t('adminSettings.limits.intro')}>
            <RuleTable form={form} paths={RULES} />
          </Panel>
          <Panel title={t('adminSettings.limits.reportPause.title')} hint={t('adminSettings.limits.reportPause.hint')}>
            <div className="grid gap-4 sm:grid-cols-2">
              {(['dismissed', 'ofLast', 'withinDays', 'pauseDays'] as const).map((field) => (
                <TextField key={field} form={form} name={`reportLimits.${field}`} label={t(`adminSettings.limits.reportPause.${field}`)} type="number" />
              ))}
            </div>
          </Panel>
        </div>
      );
    case 'uploads':
      return (
        <Panel hint={t('adminSettings.uploads.intro', server.imageMax)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="uploadLimits.maxMb" label={t('adminSettings.uploads.maxMb')} type="number" />
            <TextField form={form} name="uploadLimits.maxMegapixels" label={t('adminSettings.uploads.maxMegapixels')} type="number" />
            <TextField form={form} name="uploadLimits.maxWidth" label={t('adminSettings.uploads.maxWidth')} type="number" />
            <TextField form={form} name="uploadLimits.maxHeight" label={t('adminSettings.uploads.maxHeight')} type="number" />
          </div>
          <RuleTable form={form} paths={['uploadLimits.perUser']} />
          <StorageFields form={form} fromEnv={server.storageFromEnv} />
        </Panel>
      );
    case 'defences':
      return (
        <div className="space-y-6">
          <Panel hint={t('adminDefences.settings.challengeHint')}>
            <SwitchField form={form} name="challenge.enabled" label={t('adminDefences.settings.challenge')} />
          </Panel>
          <Panel hint={t('security.admin.requireStaffHint')}>
            <SwitchField form={form} name="requireStaffTwoFactor" label={t('security.admin.requireStaff')} />
          </Panel>
          <Panel title={t('adminDefences.settings.trust')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="trust.reviewFirstPosts" label={t('adminDefences.settings.reviewFirstPosts')} type="number" />
              <TextField form={form} name="trust.maxLinks" label={t('adminDefences.settings.maxLinks')} type="number" />
            </div>
            {(['level1', 'level2'] as const).map((level) => (
              <fieldset key={level} className="space-y-3">
                <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t(`adminDefences.settings.${level}`)}</legend>
                <div className="grid gap-4 sm:grid-cols-4">
                  {(['days', 'posts', 'likes', 'score'] as const).map((fact) => (
                    <TextField key={fact} form={form} name={`trust.${level}.${fact}`} label={t(`adminDefences.settings.${fact}`)} type="number" />
                  ))}
                </div>
              </fieldset>
            ))}
          </Panel>
        </div>
      );
    case 'mail':
      return (
        <div className="space-y-4">
          {server.smtpUrlFromEnv && <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t('adminSettings.mail.urlFromEnv')}</p>}
          <TextField form={form} name="smtp.url" label={t('adminSettings.mail.url')} hint={t('adminSettings.mail.urlHint')} />
          {server.mailFromFromEnv && <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t('adminSettings.mail.fromFromEnv')}</p>}
          <TextField form={form} name="smtp.from" label={t('adminSettings.mail.from')} hint={t('adminSettings.mail.fromHint')} />
          <Panel title={t('phoneSignIn.admin.smsTitle')} hint={t('phoneSignIn.admin.smsIntro')}>
            <TextField form={form} name="sms.url" label={t('phoneSignIn.admin.url')} hint={t('phoneSignIn.admin.urlHint')} />
            <TextField form={form} name="sms.method" label={t('phoneSignIn.admin.method')} list="sms-methods" />
            <datalist id="sms-methods">
              <option value="POST" />
              <option value="GET" />
              <option value="PUT" />
            </datalist>
            <TextField form={form} name="sms.headers" label={t('phoneSignIn.admin.headers')} hint={t('phoneSignIn.admin.headersHint')} multiline rows={3} />
            <TextField form={form} name="sms.body" label={t('phoneSignIn.admin.body')} hint={t('phoneSignIn.admin.bodyHint')} multiline rows={3} />
            <TextField form={form} name="smsApiKey" label={t('phoneSignIn.admin.apiKey')} hint={t('phoneSignIn.admin.apiKeyHint')} type="password" />
          </Panel>
        </div>
      );
  }
}

/**
 * Where uploads are kept (issue 33, ADR 0041): the disk or a bucket, and "Test connection" with
 * the values as they are in the form (saved or not; the dots stand for the stored secret).
 */
function StorageFields({ form, fromEnv }: { form: FormParts; fromEnv: boolean }) {
  const t = useT();
  const driver = useWatch({ control: form.control, name: 'storage.driver' });
  return (
    <fieldset className="space-y-4 border-t border-zinc-200 pt-4 dark:border-zinc-800" data-testid="storage-settings">
      <legend className="sr-only">{t('objectStorage.admin.title')}</legend>
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t('objectStorage.admin.title')}</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('objectStorage.admin.intro')}</p>
      {fromEnv && <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t('objectStorage.admin.fromEnv')}</p>}
      <Field label={t('objectStorage.admin.driver')} error={form.errorFor('storage.driver')}>
        {(props) => (
          <select {...props} {...form.register('storage.driver')} className={controlClass(false, 'h-10 pr-2')} data-testid="setting-storage.driver">
            <option value="local">{t('objectStorage.admin.driverLocal')}</option>
            <option value="s3">{t('objectStorage.admin.driverS3')}</option>
          </select>
        )}
      </Field>
      {driver === 's3' && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="storage.bucket" label={t('objectStorage.admin.bucket')} />
            <TextField form={form} name="storage.region" label={t('objectStorage.admin.region')} hint={t('objectStorage.admin.regionHint')} />
          </div>
          <TextField form={form} name="storage.endpoint" label={t('objectStorage.admin.endpoint')} hint={t('objectStorage.admin.endpointHint')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="storage.accessKeyId" label={t('objectStorage.admin.accessKeyId')} />
            <TextField form={form} name="storageSecretKey" label={t('objectStorage.admin.secretKey')} hint={t('objectStorage.admin.secretKeyHint')} type="password" />
          </div>
          <SwitchField form={form} name="storage.forcePathStyle" label={t('objectStorage.admin.forcePathStyle')} />
          <TextField form={form} name="storage.publicUrl" label={t('objectStorage.admin.publicUrl')} hint={t('objectStorage.admin.publicUrlHint')} />
          <SwitchField form={form} name="storage.signedUrls" label={t('objectStorage.admin.signedUrls')} />
          <StorageTest control={form.control} />
        </>
      )}
    </fieldset>
  );
}

/** "Test connection": the bucket's answer as a toast (the step and the cause when it fails). */
function StorageTest({ control }: { control: FormParts['control'] }) {
  const t = useT();
  const [storage, storageSecretKey] = useWatch({ control, name: ['storage', 'storageSecretKey'] });
  const { run, busy } = useBusyCall();
  function test() {
    return run(() => send(siteSettingsActions.testStorage, { storage, storageSecretKey }), (answer) => t('objectStorage.test.ok', answer));
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" loading={busy} onClick={() => void test()} data-testid="storage-test">
        {t('objectStorage.admin.test')}
      </Button>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('objectStorage.admin.testHint')}</p>
    </div>
  );
}

/** The mail tab's test: its own small form (an address), through the saved settings. */
function TestMail() {
  const t = useT();
  const toast = useToast();
  const { form, submit, submitting, errorFor } = useSchemaForm(
    siteSettingsActions.testMail,
    { to: '' },
    {
      onSaved: ({ to }) => {
        toast.success(t('adminSettings.mail.testSent', { to }));
      },
      // The mail server's refusal is the answer to the test: said as it came.
      onFailure: (error) => {
        if (!(error instanceof ApiError) || error.isNotSignedIn) return false;
        toast.error(error.message);
        return true;
      },
    },
  );
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{t('adminSettings.mail.testTitle')}</h2>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3" data-testid="test-mail-form">
        <Field label={t('adminSettings.mail.testTo')} hint={t('adminSettings.mail.testHint')} error={errorFor('to')} className="min-w-60 flex-1">
          {(props) => <Input type="email" {...props} {...form.register('to')} />}
        </Field>
        <Button type="submit" variant="secondary" className="sm:mt-6" loading={submitting}>
          {t('adminSettings.mail.testSend')}
        </Button>
      </form>
    </Card>
  );
}

export default function AdminSettingsPage() {
  const t = useT();
  const toast = useToast();
  const revalidator = useRevalidator();
  const { view, providers } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const asked = params.get('tab') as SettingsSection | typeof PROVIDERS_TAB | null;
  // The sign-in providers' tab (issue 29) is its own component with a form per provider.
  const [tab, setTab] = useState<SettingsSection | typeof PROVIDERS_TAB>(asked && (SECTIONS.includes(asked as SettingsSection) || asked === PROVIDERS_TAB) ? asked : 'site');
  const openFirstError = (fields: string[]) => {
    const section = fields.map(sectionOf).find(Boolean);
    if (section) setTab(section);
    toast.error(t('adminSettings.invalid'));
  };
  // The form holds every setting (checked whole); the update takes the keys sent.
  const { form, submit, submitting, errorFor } = useSchemaForm<Values, typeof siteSettingsActions.update, AdminSettings>(siteSettingsActions.update, view.settings, {
    schema: adminSettingsSchema,
    // Only the top-level settings that changed are sent.
    input: (values) => {
      const changed = Object.keys(form.formState.dirtyFields) as EditableSettingKey[];
      return Object.fromEntries(changed.map((key) => [key, values[key]]));
    },
    onSaved: async (saved) => {
      form.reset(saved.settings);
      await revalidator.revalidate();
      toast.success(t('adminSettings.saved'));
    },
    onInvalid: openFirstError,
  });
  const { errors, isDirty } = form.formState;
  const parts: FormParts = { register: form.register, control: form.control, errorFor };
  const tabsWithErrors = new Set(Object.keys(errors).map(sectionOf));

  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminSettings.title')} description={t('adminSettings.description')} />
      <div role="tablist" aria-label={t('adminSettings.tabs.label')} className="-mx-1 flex gap-1 overflow-x-auto border-b border-zinc-200 px-1 dark:border-zinc-800">
        {SECTIONS.map((section) => (
          <button
            key={section}
            type="button"
            role="tab"
            id={`tab-${section}`}
            aria-selected={tab === section}
            aria-controls={`panel-${section}`}
            tabIndex={tab === section ? 0 : -1}
            onClick={() => setTab(section)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm whitespace-nowrap ${
              tab === section ? 'border-brand-600 text-brand-800 dark:border-brand-400 dark:text-brand-200 font-medium' : 'border-transparent text-zinc-700 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-100'
            }`}
            data-testid={`settings-tab-${section}`}
          >
            {t(`adminSettings.tabs.${section}`)}
            {tabsWithErrors.has(section) && (
              <span className="ml-1 text-red-700 dark:text-red-400" aria-hidden="true">
                •
              </span>
            )}
          </button>
        ))}
        <button
          type="button"
          role="tab"
          id={`tab-${PROVIDERS_TAB}`}
          aria-selected={tab === PROVIDERS_TAB}
          aria-controls={`panel-${PROVIDERS_TAB}`}
          tabIndex={tab === PROVIDERS_TAB ? 0 : -1}
          onClick={() => setTab(PROVIDERS_TAB)}
          className={`-mb-px border-b-2 px-3 py-2 text-sm whitespace-nowrap ${
            tab === PROVIDERS_TAB ? 'border-brand-600 text-brand-800 dark:border-brand-400 dark:text-brand-200 font-medium' : 'border-transparent text-zinc-700 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-100'
          }`}
          data-testid={`settings-tab-${PROVIDERS_TAB}`}
        >
          {t('signInProviders.admin.tab')}
        </button>
      </div>
      <div role="tabpanel" id={`panel-${PROVIDERS_TAB}`} aria-labelledby={`tab-${PROVIDERS_TAB}`} hidden={tab !== PROVIDERS_TAB}>
        {tab === PROVIDERS_TAB && <SignInProvidersSettings providers={providers} />}
      </div>
      <form onSubmit={submit} noValidate hidden={tab === PROVIDERS_TAB} data-testid="settings-form">
        {SECTIONS.map((section) => (
          <div key={section} role="tabpanel" id={`panel-${section}`} aria-labelledby={`tab-${section}`} hidden={tab !== section}>
            <Card className="p-5">
              <SectionFields section={section} form={parts} server={view.server} />
            </Card>
          </div>
        ))}
        <div className="sticky bottom-0 mt-4 flex justify-end gap-2 border-t border-zinc-200 bg-white/90 py-3 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
          <Button variant="ghost" disabled={!isDirty || submitting} onClick={() => form.reset()}>
            {t('adminSettings.reset')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="settings-save">
            {submitting ? t('adminSettings.saving') : t('adminSettings.save')}
          </Button>
        </div>
      </form>
      {tab === 'mail' && <TestMail />}
    </div>
  );
}
