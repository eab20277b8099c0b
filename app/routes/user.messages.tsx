/**
 * `/user/messages` (spec §2, ucenter layout, sign-in required): the reader's site messages,
 * newest first, each with its type, sender, title, excerpt, quote, time and a link to the item
 * (a comment link lands on the comment). The loader only reads; the list marks the unread
 * messages it shows read with a POST once the reader can see them, and offers "mark all read"
 * (message-list.tsx says why); "load more" pages by cursor.
 */
import {
  useLoaderData,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "react-router";
import { accountMeta } from "~/components/account/page-meta";
import { MessageList } from "~/components/comment/message-list";
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
  const page = unwrapResult(await context.read(messageActions.list, {}));
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
      <MessageList initial={page} />
    </UcenterPage>
  );
}
