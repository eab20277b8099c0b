/**
 * `/user/messages` (spec §2, ucenter layout, sign-in required): the reader's notification rows
 * (issue 27: while unread, an item's likes or comments gather in one row), newest activity first,
 * each with its kind, actors, title, excerpt, quote, time and a link to the item (a comment link
 * lands on the comment), expandable to its messages. The loader only reads; the list marks the unread
 * messages it shows read with a POST once the reader can see them, and offers "mark all read"
 * (notification-list.tsx says why); "load more" pages by cursor.
 */
import {
  useLoaderData,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "react-router";
import { accountMeta } from "~/components/account/page-meta";
import { NotificationList } from "~/components/comment/notification-list";
import { unwrapResult } from "~/components/comment/ucenter-data.server";
import { UcenterPage } from "~/components/comment/ucenter-page";
import { requireUser } from "~/lib/auth.server";
import { messageActions } from "../../common/actions/messages";
import { useT } from "~/lib/use-t";

export const meta = accountMeta("ucenter.messages.title");

export async function loader({
  context,
  request,
}: LoaderFunctionArgs<AppLoadContext>) {
  requireUser(context, request);
  const page = unwrapResult(await context.read(messageActions.notifications, {}));
  return { page, now: context.site.now() };
}

export default function MessagesPage() {
  const t = useT();
  const { page, now } = useLoaderData<typeof loader>();
  return (
    <UcenterPage
      title={t("ucenter.messages.title")}
      description={t("ucenter.messages.description")}
      now={now}
    >
      <NotificationList initial={page} />
    </UcenterPage>
  );
}
