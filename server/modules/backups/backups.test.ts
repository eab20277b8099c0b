/**
 * The back office's backups (issue 33) over HTTP on every engine:
 *   - the authorization matrix of every /api/admin/backups route (admins only);
 *   - "Back up now": a job writes the archive (never the request), the list shows it with its
 *     size and schema version, the download streams the very file (mode 0600 on disk), a second
 *     start while one runs is refused, delete removes file and row;
 *   - the schedule's fields checked (a bad one named, nothing saved), retention keeping the
 *     newest N, and the schedule's slot in the site's time zone (run by hand with a set clock).
 */
import { existsSync, mkdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupSettingsView, BackupsView, BackupView } from '../../../common/views/backups';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { mutatingRoutes } from '../../../tests/support/routes';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { backupSchedule } from './backups.jobs';
import { dueSlot, latestSlot } from './backups.schedule';

const HOUR = 3_600_000;
// 2031-11-03 00:00 UTC is a Monday; 07:00 in Bangkok (UTC+7).
const MONDAY_UTC = Date.UTC(2031, 10, 3);

describe('backup schedule slots (site time zone)', () => {
  it('daily at 03:00 Bangkok is 20:00 UTC the day before', () => {
    const now = MONDAY_UTC + 30 * 60_000; // 07:30 Bangkok
    expect(latestSlot({ schedule: 'daily', hour: 3, weekday: 0 }, 'Asia/Bangkok', now)).toBe(MONDAY_UTC - 4 * HOUR);
    expect(latestSlot({ schedule: 'daily', hour: 9, weekday: 0 }, 'Asia/Bangkok', now)).toBe(MONDAY_UTC + 2 * HOUR - 24 * HOUR);
    expect(latestSlot({ schedule: 'off', hour: 3, weekday: 0 }, 'Asia/Bangkok', now)).toBeNull();
  });
  it('weekly goes back to the chosen weekday', () => {
    const now = MONDAY_UTC + 30 * 60_000; // Monday 07:30 Bangkok
    expect(latestSlot({ schedule: 'weekly', hour: 7, weekday: 1 }, 'Asia/Bangkok', now)).toBe(MONDAY_UTC);
    expect(latestSlot({ schedule: 'weekly', hour: 8, weekday: 1 }, 'Asia/Bangkok', now)).toBe(MONDAY_UTC + HOUR - 7 * 24 * HOUR);
    expect(latestSlot({ schedule: 'weekly', hour: 7, weekday: 0 }, 'Asia/Bangkok', now)).toBe(MONDAY_UTC - 24 * HOUR);
    expect(latestSlot({ schedule: 'weekly', hour: 7, weekday: 1 }, 'UTC', now)).toBe(MONDAY_UTC + 7 * HOUR - 7 * 24 * HOUR);
  });
  it('is due once per slot, and not long after it', () => {
    const settings = { schedule: 'daily', hour: 7, weekday: 0 } as const;
    const slot = MONDAY_UTC;
    expect(dueSlot(settings, 'Asia/Bangkok', slot + 10 * 60_000, 0)).toBe(slot);
    expect(dueSlot(settings, 'Asia/Bangkok', slot + 20 * 60_000, slot + 10 * 60_000)).toBeNull();
    expect(dueSlot(settings, 'Asia/Bangkok', slot + 7 * HOUR, 0)).toBeNull();
  });
});

for (const dialect of await testDatabases()) {
  describe(`backups in the back office [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;
    let clock = MONDAY_UTC;
    const list = async () => (await t.get<BackupsView>('/api/admin/backups', { token: admin.token })).body.data!;
    const backUpNow = async () => {
      const started = await t.post<BackupView>('/api/admin/backups/start', {}, { token: admin.token });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      return started.body.data!;
    };

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('authorization matrix: every backups route is the admins’ alone', async () => {
      const member = await createUser(t);
      const moderator = await createUser(t, { role: 'moderator' });
      const banned = await createUser(t, { banned: -1 });
      const routes: Record<string, { path: string; body: Record<string, unknown> }> = {
        'POST /api/admin/backups/settings': { path: '/api/admin/backups/settings', body: { schedule: 'off', hour: 3, weekday: 0, keep: 7 } },
        'POST /api/admin/backups/start': { path: '/api/admin/backups/start', body: {} },
        'POST /api/admin/backups/:id/delete': { path: '/api/admin/backups/999999/delete', body: {} },
        'POST /api/admin/backups/test_store': { path: '/api/admin/backups/test_store', body: {} },
      };
      const missing = mutatingRoutes(t.app).filter((route) => route.split(' ')[1]!.startsWith('/api/admin/backups') && !(route in routes));
      expect(missing).toEqual([]);
      for (const [route, { path: url, body }] of Object.entries(routes)) {
        const anonymous = await t.post(url, body);
        expect([route, anonymous.status, anonymous.body.errorCode]).toEqual([route, 401, 1]);
        for (const [name, actor] of Object.entries({ member, moderator, banned })) {
          const res = await t.post(url, body, { token: actor.token });
          expect([route, name, res.status, res.body.errorCode]).toEqual([route, name, 403, 2]);
        }
      }
      for (const url of ['/api/admin/backups', '/api/admin/backups/1/download']) {
        expect((await t.get(url)).status).toBe(401);
        expect((await t.get(url, { token: moderator.token })).status).toBe(403);
      }
      // Nothing was started or saved by the refused calls.
      expect((await list()).backups).toEqual([]);
      // The admin's cells: settings saved, a start accepted, an unknown id 404.
      expect((await t.post(routes['POST /api/admin/backups/settings']!.path, routes['POST /api/admin/backups/settings']!.body, { token: admin.token })).status).toBe(200);
      const started = await backUpNow();
      await t.jobs.drain();
      expect((await t.post('/api/admin/backups/999999/delete', {}, { token: admin.token })).status).toBe(404);
      // The bucket test without a bucket configured: refused, named, in the admin's language.
      const test = await t.post('/api/admin/backups/test_store', {}, { token: admin.token, headers: { 'accept-language': 'th-TH' } });
      expect([test.status, test.body.message]).toEqual([409, 'ไม่ได้ตั้งค่าบักเก็ตสำหรับไฟล์สำรอง (BACKUP_S3_BUCKET): ไฟล์สำรองเก็บไว้ในดิสก์ของเซิร์ฟเวอร์นี้']);
      expect((await t.post(`/api/admin/backups/${started.id}/delete`, {}, { token: admin.token })).status).toBe(200);
    });

    it('back up now: written by a job, listed, downloaded as stored, deleted', async () => {
      clock += HOUR;
      const started = await backUpNow();
      expect(started.status).toBe('running');
      // One at a time.
      const again = await t.post('/api/admin/backups/start', {}, { token: admin.token });
      expect([again.status, again.body.message]).toEqual([409, 'A backup is already running: wait for it to finish']);
      await t.jobs.drain();
      const row = (await list()).backups.find((b) => b.id === started.id)!;
      expect(row).toMatchObject({ status: 'done', origin: 'manual', error: '' });
      expect(row.schemaVersion).toMatch(/^\d{10}_/);
      const file = path.join(t.dataDir, 'backups', row.fileName);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(row.size).toBe(statSync(file).size);

      const download = await t.get(`/api/admin/backups/${row.id}/download`, { token: admin.token });
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('application/gzip');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="${row.fileName}"`);
      expect(download.raw.rawPayload.length).toBe(row.size);
      // A tar whose first entry is the manifest.
      expect(gunzipSync(download.raw.rawPayload).subarray(0, 13).toString()).toBe('manifest.json');

      const removed = await t.post(`/api/admin/backups/${row.id}/delete`, {}, { token: admin.token });
      expect(removed.status).toBe(200);
      expect(existsSync(file)).toBe(false);
      expect((await list()).backups.some((b) => b.id === row.id)).toBe(false);
      expect((await t.get(`/api/admin/backups/${row.id}/download`, { token: admin.token })).status).toBe(404);
    });

    it('the schedule’s fields: a bad one is named and nothing is saved; a good one is', async () => {
      const before = (await list()).settings;
      const bad = await t.post('/api/admin/backups/settings', { schedule: 'daily', hour: 24, weekday: 0, keep: 7 }, { token: admin.token });
      expect([bad.status, bad.body.fields]).toEqual([400, { hour: 'The hour is a whole number from 0 to 23' }]);
      const badKeep = await t.post('/api/admin/backups/settings', { schedule: 'hourly', hour: 3, weekday: 0, keep: 0 }, { token: admin.token });
      expect([badKeep.status, Object.keys(badKeep.body.fields ?? {}).sort()]).toEqual([400, ['keep', 'schedule']]);
      expect((await list()).settings).toEqual(before);
      const saved = await t.post<BackupSettingsView>('/api/admin/backups/settings', { schedule: 'weekly', hour: 4, weekday: 2, keep: 3 }, { token: admin.token });
      expect(saved.body.data).toEqual({ schedule: 'weekly', hour: 4, weekday: 2, keep: 3, timeZone: 'Asia/Bangkok' });
      expect((await list()).settings).toEqual(saved.body.data);
    });

    it('keeps the newest N archives; the schedule backs up once in its slot', async () => {
      await writeTestSettings(t, { backups: { schedule: 'daily', hour: 7, weekday: 0, keep: 2 } }, clock);
      t.ctx.settings.invalidate();
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        clock += 60_000;
        ids.push((await backUpNow()).id);
        await t.jobs.drain();
      }
      const kept = (await list()).backups.filter((b) => b.status === 'done');
      expect(kept.map((b) => b.id)).toEqual([ids[2], ids[1]]);
      const files = kept.map((b) => b.fileName);
      for (const name of files) expect(existsSync(path.join(t.dataDir, 'backups', name))).toBe(true);

      // The slot is today's 07:00 in Bangkok; 10 minutes into it, one scheduled backup, not two.
      clock = MONDAY_UTC + 7 * 24 * HOUR + 10 * 60_000;
      const runSchedule = () => backupSchedule.job.run({}, t.ctx, { id: 0, attempt: 1, attempts: 1 });
      // A staging folder a dead process left a day ago is swept; one of a backup under way is not.
      const abandoned = path.join(t.dataDir, '.backup-staging-abandoned');
      const current = path.join(t.dataDir, '.backup-staging-current');
      mkdirSync(abandoned);
      mkdirSync(current);
      utimesSync(abandoned, new Date(Date.now() - 24 * HOUR), new Date(Date.now() - 24 * HOUR));
      await runSchedule();
      expect([existsSync(abandoned), existsSync(current)]).toEqual([false, true]);
      clock += 10 * 60_000;
      await runSchedule();
      const now = (await list()).backups;
      expect(now.filter((b) => b.origin === 'scheduled').map((b) => b.status)).toEqual(['done']);
      expect(now.filter((b) => b.status === 'done')).toHaveLength(2);
    });
  });
}
