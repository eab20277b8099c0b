/**
 * Parts of public pages that only some viewers get — the moderator's menu on a member, a member's
 * block button, the report button, the push offer and the owner's background buttons — as gates that load the part's chunk only for a viewer who gets it. The parts
 * bring forms, dialogs, Radix menus, their action contracts and zod, none of which an anonymous
 * visitor's first load should carry (issue 32, ADR 0034). The gates hold the same rule as the
 * part, so an anonymous page has nothing to load, and mount the part only once the page is
 * hydrated (a part streamed by the server would hydrate after the rest of the page). The comment
 * box has a gate of its own (comment/lazy-comment-box.tsx: it keeps a quote given before it is in)
 * and the item's moderator menu too (content/item-actions.tsx: a stand-in that opens it).
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { can } from '../../common/policies/can';
import { useCurrentUser } from '~/lib/session';
import { useHydrated } from '~/lib/use-hydrated';

const MemberModerationMenuPart = lazy(() => import('./moderation/member-moderation-menu').then((m) => ({ default: m.MemberModerationMenu })));
const BlockButtonPart = lazy(() => import('./safety/block-button').then((m) => ({ default: m.BlockButton })));
const ReportButtonPart = lazy(() => import('./report/report-dialog').then((m) => ({ default: m.ReportButton })));
const PushPromptPart = lazy(() => import('./push/push-prompt').then((m) => ({ default: m.PushPrompt })));
const BackgroundControlsPart = lazy(() => import('./people/profile-background-controls').then((m) => ({ default: m.BackgroundControls })));

/** A moderator's ban/warn menu on a member (not on themselves). */
export function MemberModerationMenu(props: ComponentProps<typeof MemberModerationMenuPart>) {
  const viewer = useCurrentUser();
  const hydrated = useHydrated();
  if (!hydrated || !can(viewer, 'user:ban') || viewer?.id === props.member.id) return null;
  return (
    <Suspense fallback={null}>
      <MemberModerationMenuPart {...props} />
    </Suspense>
  );
}

/** Block/unblock a member, for a signed-in viewer (not on themselves). */
export function BlockButton(props: ComponentProps<typeof BlockButtonPart>) {
  const viewer = useCurrentUser();
  const hydrated = useHydrated();
  if (!hydrated || !viewer || viewer.id === props.user.id) return null;
  return (
    <Suspense fallback={null}>
      <BlockButtonPart {...props} />
    </Suspense>
  );
}

/** "Report" and its form, for a signed-in viewer about someone else's item. */
export function ReportButton(props: ComponentProps<typeof ReportButtonPart>) {
  const viewer = useCurrentUser();
  const hydrated = useHydrated();
  if (!hydrated || !viewer || viewer.id === props.target.authorId) return null;
  return (
    <Suspense fallback={null}>
      <ReportButtonPart {...props} />
    </Suspense>
  );
}

/** The offer of push notifications after a member's first comment. */
export function PushPrompt() {
  const viewer = useCurrentUser();
  const hydrated = useHydrated();
  if (!hydrated || !viewer) return null;
  return (
    <Suspense fallback={null}>
      <PushPromptPart />
    </Suspense>
  );
}

/** The owner's buttons that set or remove their profile's background (the page says whose it is). */
export function BackgroundControls(props: ComponentProps<typeof BackgroundControlsPart>) {
  const viewer = useCurrentUser();
  const hydrated = useHydrated();
  if (!hydrated || !viewer) return null;
  return (
    <Suspense fallback={null}>
      <BackgroundControlsPart {...props} />
    </Suspense>
  );
}
