/**
 * Private conversations in Chromium (issue 28), in both languages, against one fresh installed
 * server (SQLite): a member writes to another from their profile; the other sees it in the list
 * and the header badge, opens it, and both converse live — each message appears on the other's
 * open page without a reload (the time from Send to the other page showing it is measured,
 * median of five); mute (the badge stays quiet), leave (the row goes), and the "who may message
 * me" setting refuses a stranger with its message. axe-core on the list, the conversation and the
 * new-message page; no console errors.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { signedInPerson, type Person } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated } from '../support/page';

let server: E2eServer;

const WORDS = {
  'en-US': { box: 'Your message', refused: 'does not accept messages from you', nobody: 'Nobody', mutedNote: 'Muted' },
  'zh-CN': { box: '你的私信', refused: '不接受你的私信', nobody: '任何人都不可以', mutedNote: '已静音' },
} as const;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Messages' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const person = (browser: Browser, locale: 'en-US' | 'zh-CN', label: string): Promise<Person> => signedInPerson(browser, server, locale, label);

const open = (page: Page, path: string) => openHydrated(page, server.url + path);

async function write(page: Page, box: string, text: string): Promise<void> {
  const editor = page.getByTestId('message-box').getByRole('textbox', { name: box });
  await editor.click();
  await page.keyboard.type(text);
}

function conversationBadge(page: Page) {
  return page.getByTestId('conversation-notice').getByTestId('conversation-badge');
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const words = WORDS[locale];

  test(`[${locale}] two members converse live; mute, leave; the setting refuses a stranger`, async ({ browser }) => {
    test.setTimeout(240_000);
    const alice = await person(browser, locale, 'Alice');
    const bob = await person(browser, locale, 'Bob');

    // Alice writes to Bob from his profile.
    await open(alice.page, `/user/${bob.id}`);
    await alice.page.getByTestId('profile-message').click();
    await expect(alice.page).toHaveURL(new RegExp(`/conversations/new\\?to=${bob.id}$`));
    await expect(alice.page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(alice.page.getByTestId('recipient-chips')).toContainText(bob.member.nickname);
    await expectAccessible(alice.page, { label: `new message ${locale}` });
    await write(alice.page, words.box, 'Hi Bob, is the condo on Sukhumvit still free?');
    await alice.page.getByTestId('message-send').click();
    await expect(alice.page).toHaveURL(/\/conversations\/\d+$/);
    const conversationId = Number(new URL(alice.page.url()).pathname.split('/').pop());
    await expect(alice.page.getByTestId('conversation-message').filter({ hasText: 'Sukhumvit' })).toHaveAttribute('data-mine', 'true');

    // Bob: the list shows it unread, and the header's badge counts it.
    await open(bob.page, '/conversations');
    const row = bob.page.getByTestId('conversation-row').filter({ hasText: alice.member.nickname });
    await expect(row.getByTestId('conversation-excerpt')).toContainText('Sukhumvit');
    await expect(row.getByTestId('conversation-unread')).toBeVisible();
    await expect(conversationBadge(bob.page)).toHaveText('1');
    await expectAccessible(bob.page, { label: `conversation list ${locale}` });

    // Bob opens it: read, the badge goes.
    await row.click();
    await expect(bob.page).toHaveURL(`${server.url}/conversations/${conversationId}`);
    await expect(bob.page.getByTestId('conversation-title')).toHaveText(alice.member.nickname);
    await expect(conversationBadge(bob.page)).toHaveCount(0);
    await expectAccessible(bob.page, { label: `conversation ${locale}` });

    // Live both ways: a message appears on the other's open page without a reload.
    await write(bob.page, words.box, 'Yes, come and see it on Saturday.');
    await bob.page.getByTestId('message-send').click();
    await expect(alice.page.getByTestId('conversation-message').filter({ hasText: 'Saturday' })).toBeVisible();

    // The delivery time: from Alice's click on Send until Bob's page shows the message (median of five).
    await bob.page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { __seen: Record<string, number> }).__seen = seen;
      new MutationObserver(() => {
        for (const node of document.querySelectorAll('[data-testid="conversation-message-content"]')) {
          const text = node.textContent ?? '';
          if (text.startsWith('Ping ') && !(text in seen)) seen[text] = performance.timeOrigin + performance.now();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
      const heard: number[] = [];
      (window as unknown as { __heard: number[] }).__heard = heard;
      window.addEventListener('sabai:conversation', (event) => {
        if ((event as CustomEvent<{ message?: unknown }>).detail.message) heard.push(performance.timeOrigin + performance.now());
      });
    });
    // Alice's page notes when the form is sent (the click's own handling by Playwright left out).
    await alice.page.evaluate(() => {
      const sent: number[] = [];
      (window as unknown as { __sent: number[] }).__sent = sent;
      document.addEventListener('submit', () => sent.push(performance.timeOrigin + performance.now()), true);
    });
    const delays: number[] = [];
    const heard: number[] = [];
    for (let i = 0; i < 5; i++) {
      const text = `Ping ${i}`;
      await write(alice.page, words.box, text);
      await alice.page.getByTestId('message-send').click();
      await expect(bob.page.getByTestId('conversation-message').filter({ hasText: text })).toBeVisible();
      const shown = await bob.page.evaluate((key) => (window as unknown as { __seen: Record<string, number> }).__seen[key] ?? 0, text);
      const sentAt = await alice.page.evaluate(() => (window as unknown as { __sent: number[] }).__sent.at(-1) ?? 0);
      delays.push(shown - sentAt);
      const heardAt = await bob.page.evaluate(() => (window as unknown as { __heard: number[] }).__heard.at(-1) ?? 0);
      heard.push(heardAt - sentAt);
      await expect(alice.page.getByTestId('message-box').getByRole('textbox', { name: words.box })).toHaveText('');
    }
    delays.sort((a, b) => a - b);
    heard.sort((a, b) => a - b);
    const median = delays[2]!;
    const figure = `send → other page shows it: median ${median.toFixed(0)} ms (${delays.map((d) => d.toFixed(0)).join(', ')}); send → other page hears it: median ${heard[2]!.toFixed(0)} ms`;
    test.info().annotations.push({ type: 'live delivery', description: figure });
    console.warn(`[${locale}] live delivery, ${figure}`);
    // The 200 ms budget is held where nothing else competes for the machine's two cores
    // (conversations.listeners.test.ts, send → the other member's stream); here, beside other
    // browsers and servers, the bound only proves it is live, not polled (the fallback polls every 30 s).
    expect(median).toBeLessThan(2_000);

    // Mute: a new message does not light Bob's badge; the list says Muted.
    await bob.page.getByTestId('conversation-mute').click();
    await expect(bob.page.getByTestId('conversation-muted-note')).toContainText(words.mutedNote);
    await open(bob.page, '/conversations');
    await write(alice.page, words.box, 'Did you get my last message?');
    await alice.page.getByTestId('message-send').click();
    await expect(row.getByTestId('conversation-excerpt')).toContainText('last message');
    await expect(row).toContainText(words.mutedNote);
    await expect(conversationBadge(bob.page)).toHaveCount(0);

    // Leave: the one-to-one leaves Bob's list (until a new message).
    await row.click();
    await expect(bob.page.getByTestId('conversation-leave')).toBeVisible();
    bob.page.once('dialog', (dialog) => void dialog.accept());
    await bob.page.getByTestId('conversation-leave').click();
    await expect(bob.page).toHaveURL(`${server.url}/conversations`);
    await expect(bob.page.getByTestId('conversation-row').filter({ hasText: alice.member.nickname })).toHaveCount(0);

    // Bob takes no new conversations: a stranger is refused with the setting's message.
    await open(bob.page, '/user/profile/account');
    await bob.page.getByTestId('conversation-privacy').getByText(words.nobody, { exact: true }).click();
    await expect(bob.page.getByTestId('who-may-start-nobody')).toBeChecked();
    const carol = await person(browser, locale, 'Carol');
    await open(carol.page, `/conversations/new?to=${bob.id}`);
    await write(carol.page, words.box, 'Hello stranger');
    const refused = carol.page.waitForResponse((res) => res.url().endsWith('/api/conversation/start'));
    await carol.page.getByTestId('message-send').click();
    expect((await refused).status(), await (await refused).text()).toBe(403);
    await expect(carol.page.getByTestId('message-error')).toContainText(`${bob.member.nickname} ${words.refused}`);
    await expect(carol.page).toHaveURL(new RegExp('/conversations/new'));

    for (const p of [alice, bob, carol]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });
}
