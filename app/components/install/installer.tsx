/**
 * The first-run installer (spec §2 /install): welcome → database → site → admin → language →
 * install → complete, with previous/next. Each step is validated with the API's own schema
 * before Next; the install itself is one `install/install` call whose outcome the install step
 * shows. Enter in any field means Next (the card is one form).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { installActions } from '../../../common/actions/install';
import type { Locale } from '../../../common/constants';
import type { InstallDbType } from '../../../common/validation/install';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ApiError, send } from '~/lib/api';
import { serverFieldErrors, withoutField, type FieldErrors } from '~/lib/form-errors';
import { useSetLocale } from '~/lib/locale';
import { AdminStep } from './admin-step';
import { CompleteStep } from './complete-step';
import { DatabaseStep, type ConnectionTest } from './database-step';
import {
  INSTALL_STEPS,
  dbRequestBody,
  initialInstallValues,
  installRequestBody,
  setField,
  stepOfField,
  validateStep,
  type InstallStepName,
  type InstallValues,
} from './install-form';
import { InstallStep, type InstallState } from './install-step';
import { LanguageStep } from './language-step';
import { SiteStep } from './site-step';
import { StepIndicator } from './step-indicator';
import { WelcomeStep } from './welcome-step';
import { useT } from '~/lib/use-t';
import { focusFirstInvalid } from '~/lib/focus-invalid';

/** How long "preparing" shows before "connecting to the database" (the server hashes first). */
const PREPARING_MS = 400;
/** How long "completed" shows before the completion screen. */
const COMPLETED_MS = 900;

const FORM_STEPS: InstallStepName[] = ['database', 'site', 'admin', 'language'];

/** The spec's three failure texts: the server's refusal, a lost request, or anything else. */
function failureOf(error: unknown): Extract<InstallState, { state: 'failed' }> {
  if (error instanceof ApiError) {
    return error.status === 0 ? { state: 'failed', kind: 'requestFailed', reason: null } : { state: 'failed', kind: 'failed', reason: error.message };
  }
  return { state: 'failed', kind: 'unknownError', reason: null };
}

export interface InstallerProps {
  /** The engine the server's configuration fixed (DATABASE_URL), or null: the visitor chooses. */
  fixedDbType: InstallDbType | null;
  initialLocale: Locale;
}

export function Installer({ fixedDbType, initialLocale }: InstallerProps) {
  const t = useT();
  const setLocale = useSetLocale();
  const databaseFixed = fixedDbType !== null;
  const [step, setStep] = useState<InstallStepName>('welcome');
  const [values, setValues] = useState<InstallValues>(() => initialInstallValues(initialLocale));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [test, setTest] = useState<ConnectionTest>({ state: 'idle' });
  const [install, setInstall] = useState<InstallState>({ state: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Screen readers hear the new step's title after Next/Previous (not on the first load). The
  // completion screen replaces the form, so its own heading takes the same ref.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const goTo = useCallback((next: InstallStepName) => {
    moved.current = true;
    setStep(next);
  }, []);

  const onField = useCallback((name: string, value: string) => {
    setValues((current) => setField(current, name, value));
    // A new engine asks for different fields: the old engine's messages no longer apply.
    setErrors((current) =>
      name === 'db.type' ? Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('db'))) : withoutField(current, name),
    );
    // A connection result describes the fields as they were when tested.
    if (name.startsWith('db.')) setTest({ state: 'idle' });
  }, []);

  const onLanguage = useCallback(
    (locale: Locale) => {
      setValues((current) => ({ ...current, language: locale }));
      void setLocale(locale);
    },
    [setLocale],
  );

  const onTest = useCallback(async () => {
    const invalid = validateStep('database', values, databaseFixed);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formRef.current, Object.keys(invalid));
      return;
    }
    setTest({ state: 'testing' });
    try {
      await send(installActions.testDbConnection, dbRequestBody(values.db));
      setTest({ state: 'ok' });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      const reason = error instanceof ApiError ? error.message : t('install.progress.unknownError');
      setTest({ state: 'failed', reason });
    }
  }, [values, databaseFixed, t]);

  const runInstall = useCallback(async () => {
    // The steps were checked one by one, but a later edit could have broken an earlier one.
    for (const formStep of FORM_STEPS) {
      const invalid = validateStep(formStep, values, databaseFixed);
      if (invalid) {
        setErrors(invalid);
        goTo(formStep);
        return;
      }
    }
    setInstall({ state: 'running', phase: 'preparing' });
    const timer = setTimeout(() => setInstall((s) => (s.state === 'running' ? { state: 'running', phase: 'connecting' } : s)), PREPARING_MS);
    try {
      await send(installActions.install, installRequestBody(values, databaseFixed));
      clearTimeout(timer);
      setInstall({ state: 'completed' });
      setTimeout(() => goTo('complete'), COMPLETED_MS);
    } catch (error) {
      clearTimeout(timer);
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      setInstall(failureOf(error));
    }
  }, [values, databaseFixed, goTo]);

  const index = INSTALL_STEPS.indexOf(step);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 'install') {
      if (install.state === 'idle' || install.state === 'failed') void runInstall();
      return;
    }
    const invalid = validateStep(step, values, databaseFixed);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formRef.current, Object.keys(invalid));
      return;
    }
    // The step's own check failed (or is running) for these very settings: going on would only
    // fail again at "Install". A field edit clears the result, and with it the block.
    if (step === 'database' && (test.state === 'failed' || test.state === 'testing')) {
      if (test.state === 'failed') setTest({ ...test, blocked: true });
      formRef.current?.querySelector<HTMLElement>('[data-testid="test-connection"]')?.focus();
      return;
    }
    const next = INSTALL_STEPS[index + 1];
    if (next) goTo(next);
  };

  const onPrevious = () => {
    const previous = INSTALL_STEPS[index - 1];
    if (!previous) return;
    // Leaving a failed install: start over from the review when coming back.
    if (step === 'install' && install.state === 'failed') setInstall({ state: 'idle' });
    // After a server-side field error, go straight back to the step holding it.
    const firstErrorStep = Object.keys(errors)
      .map(stepOfField)
      .find((s) => s !== null);
    goTo(step === 'install' && firstErrorStep ? firstErrorStep : previous);
  };

  return (
    <InstallerFrame>
      <Card className="overflow-hidden">
        <div className="border-b border-zinc-200 px-5 pt-5 pb-4 sm:px-8 sm:pt-6 dark:border-zinc-800">
          <StepIndicator current={step} />
        </div>
        {step === 'complete' ? (
          <div className="px-5 py-6 sm:px-8">
            <CompleteStep headingRef={headingRef} />
          </div>
        ) : (
          <form ref={formRef} noValidate method="post" onSubmit={onSubmit}>
            <section aria-labelledby="install-step-title" className="px-5 py-6 sm:px-8">
              <h2
                id="install-step-title"
                ref={headingRef}
                tabIndex={-1}
                className="mb-4 text-lg font-semibold text-zinc-900 focus:outline-none dark:text-zinc-50"
              >
                {step === 'welcome'
                  ? t('install.welcome.heading')
                  : step === 'install' && install.state === 'idle'
                    ? t('installUi.review.heading')
                    : t(`install.steps.${step}`)}
              </h2>
              <StepBody
                step={step}
                values={values}
                errors={errors}
                onField={onField}
                onLanguage={onLanguage}
                fixedDbType={fixedDbType}
                test={test}
                onTest={onTest}
                install={install}
              />
            </section>
            <StepFooter step={step} install={install} onPrevious={onPrevious} />
          </form>
        )}
      </Card>
    </InstallerFrame>
  );
}

interface StepBodyProps {
  step: InstallStepName;
  values: InstallValues;
  errors: FieldErrors;
  onField: (name: string, value: string) => void;
  onLanguage: (locale: Locale) => void;
  fixedDbType: InstallDbType | null;
  test: ConnectionTest;
  onTest: () => void;
  install: InstallState;
}

function StepBody({ step, values, errors, onField, onLanguage, fixedDbType, test, onTest, install }: StepBodyProps) {
  switch (step) {
    case 'welcome':
      return <WelcomeStep />;
    case 'database':
      return <DatabaseStep values={values} errors={errors} onField={onField} fixedType={fixedDbType} test={test} onTest={onTest} />;
    case 'site':
      return <SiteStep values={values} errors={errors} onField={onField} />;
    case 'admin':
      return <AdminStep values={values} errors={errors} onField={onField} />;
    case 'language':
      return <LanguageStep language={values.language} onChange={onLanguage} />;
    case 'install':
      return <InstallStep values={values} databaseFixed={fixedDbType !== null} install={install} />;
    case 'complete':
      return null;
  }
}

function StepFooter({ step, install, onPrevious }: { step: InstallStepName; install: InstallState; onPrevious: () => void }) {
  const t = useT();
  const busy = install.state === 'running' || install.state === 'completed';
  let primary: string;
  if (step !== 'install') primary = t('install.actions.next');
  else if (install.state === 'failed') primary = t('install.actions.retry');
  else if (busy) primary = t('install.actions.installing');
  else primary = t('install.actions.install');
  return (
    <div className="flex items-center justify-between gap-3 border-t border-zinc-200 bg-zinc-50/60 px-5 py-4 sm:px-8 dark:border-zinc-800 dark:bg-zinc-900/60">
      {step === 'welcome' ? (
        <span />
      ) : (
        <Button variant="secondary" onClick={onPrevious} disabled={busy}>
          {t('install.actions.previous')}
        </Button>
      )}
      <Button type="submit" loading={busy} className="min-w-28">
        {primary}
      </Button>
    </div>
  );
}

/** The page around the card: a soft backdrop, the product mark and the page title. */
function InstallerFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh justify-center bg-gradient-to-b from-brand-50 via-zinc-50 to-zinc-50 px-3 py-8 sm:px-4 sm:py-14 dark:from-brand-950/40 dark:via-zinc-950 dark:to-zinc-950">
      <div className="w-full max-w-2xl">
        <div className="mb-6 flex items-center justify-center gap-3">
          <span
            className="flex size-10 items-center justify-center rounded-xl bg-brand-700 text-lg font-bold text-white shadow-sm dark:bg-brand-600"
            aria-hidden="true"
          >
            S
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t('install.title')}</h1>
        </div>
        {children}
      </div>
    </div>
  );
}
