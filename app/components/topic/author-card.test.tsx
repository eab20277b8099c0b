/** The author card names the author by nickname and, beside it, the unique username. */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../common/views/user';
import { resources } from '../../../common/locales';
import { registerLocale } from '~/lib/i18n';
import type * as Session from '~/lib/session';
import { TranslationProvider } from '~/lib/use-t';
import { AuthorCard } from './author-card';

registerLocale('en-US', resources['en-US']);

// The follow button needs the site shell (session, toasts); this test is about the names.
vi.mock('~/components/people/follow-button', () => ({ FollowButton: () => null }));
// The block button is the reader's own (root data, after hydration): not part of this render.
vi.mock('~/components/viewer-only-parts', () => ({ BlockButton: () => null }));
// The site's settings and the page's locale come from the root loader; here only the zone and language matter.
vi.mock('~/lib/session', async (original) => ({ ...(await original<typeof Session>()), useRootData: () => ({ config: { timeZone: 'Asia/Bangkok' }, locale: 'en-US' }) }));

function author(fields: Partial<PublicUser>): PublicUser {
  return {
    id: 7,
    nickname: 'admin',
    username: null,
    avatar: '',
    smallAvatar: '',
    signature: '',
    homePage: '',
    score: 0,
    topicCount: 1,
    articleCount: 0,
    commentCount: 2,
    followCount: 0,
    fansCount: 0,
    rank: 7,
    vip: { active: false, expireTime: 0 },
    forbidden: { until: 0 },
    createTime: Date.UTC(2026, 0, 2),
    followed: false,
    background: '',
    ...fields,
  };
}

const render = (user: PublicUser) =>
  renderToStaticMarkup(
    <TranslationProvider locale="en-US">
      <MemoryRouter>
        <AuthorCard user={user} />
      </MemoryRouter>
    </TranslationProvider>,
  );

describe('AuthorCard', () => {
  it('shows the username beside a nickname anyone could copy', () => {
    const html = render(author({ nickname: 'admin', username: 'somchai7' }));
    expect(html).toContain('>admin</a>');
    expect(html).toContain('data-testid="user-handle"');
    expect(html).toContain('>@somchai7</span>');
  });

  it('shows no handle for a member without a username yet', () => {
    expect(render(author({ username: null }))).not.toContain('user-handle');
  });

  it("dates the joining in the site's time zone, not UTC", () => {
    // 20:00 UTC on 1 January is 03:00 on 2 January in Bangkok.
    expect(render(author({ createTime: Date.UTC(2026, 0, 1, 20, 0) }))).toContain('2026-01-02');
  });
});
