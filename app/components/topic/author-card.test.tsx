/** The author card names the author by nickname and, beside it, the unique username. */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../common/views/user';
import { AuthorCard } from './author-card';

// The follow button needs the site shell (session, toasts); this test is about the names.
vi.mock('~/components/people/follow-button', () => ({ FollowButton: () => null }));
// The block button is the reader's own (root data, after hydration): not part of this render.
vi.mock('~/components/safety/block-button', () => ({ BlockButton: () => null }));

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

const render = (user: PublicUser) => renderToStaticMarkup(<MemoryRouter><AuthorCard user={user} /></MemoryRouter>);

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
});
