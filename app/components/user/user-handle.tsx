/**
 * A member's unique username beside their nickname, where who wrote something matters (the
 * author card, comments). Nicknames are not unique and may look like someone else's; the
 * username is unique, ASCII and set once, so `@admin` cannot be worn by anyone but the admin.
 * Nothing for members who have not chosen one yet.
 */
export function UserHandle({ username, className = '' }: { username: string | null | undefined; className?: string }) {
  if (!username) return null;
  return (
    <span className={`truncate text-zinc-600 dark:text-zinc-400 ${className}`} translate="no" data-testid="user-handle">
      @{username}
    </span>
  );
}
