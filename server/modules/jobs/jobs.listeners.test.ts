/**
 * The jobs feature's listener (jobs.feature.ts): an admin's retry of failed jobs kicks the runner
 * after the commit (`jobs.retried`, commit), so the retried mail goes out at once instead of at
 * the runner's next poll; removing it fails the test here. The runner runs by itself here, as in
 * production, but its poll is held still (its interval faked) so that only a kick can start a job.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobsView, JobView } from '../../../common/views/jobs';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, signUp, type CreatedUser } from '../../../tests/support/factories';
import { linkToken, startSmtpServer, type TestSmtpServer } from '../../../tests/support/mail';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

for (const dialect of await testDatabases()) {
  describe(`jobs listeners [${dialect}]`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let admin: CreatedUser;

    /** The back office's list of failed jobs. */
    const failedJobs = async () => (await t.get<JobsView>('/api/admin/jobs', { token: admin.token, query: { list: 'failed' } })).body.data!.jobs.results;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      // The poll (and a running job's claim renewal) are intervals; kicks and timeouts stay real.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      t = await createTestApp({ dialect, jobs: 'auto', env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sabai <forum@example.com>' } });
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
      vi.useRealTimers();
    });

    it('an admin’s retry of a failed mail sends it at once: the new member gets their verification link', async () => {
      smtp.refuseRecipients(true);
      const member = await signUp(t);
      // The verification mail is refused for good (550): the job fails at its first attempt.
      const failed = await vi.waitFor(async () => {
        const job = (await failedJobs()).find((row) => row.name === 'auth.verifyMail');
        expect(job).toBeDefined();
        return job!;
      });
      smtp.refuseRecipients(false);
      const retried = await t.post<JobView>(`/api/admin/jobs/${failed.id}/retry`, {}, { token: admin.token });
      expect(retried.status).toBe(200);
      const mail = await smtp.waitFor(member.email, { timeoutMs: 3_000 });
      expect(linkToken(mail, '/user/email/verify')).not.toBeNull();
      expect(await failedJobs()).toEqual([]);
    });
  });
}
