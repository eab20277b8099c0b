/** The IP bans' facts (issue 28). */
import type { Actor } from '../../kernel/events';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /** An admin added (or renewed) or removed an IP or network ban. */
    'ipBan.changed': { change: 'add' | 'remove'; ban: { id: number; cidr: string; reason: string; expireTime: number }; actor: Actor };
  }
}

export {};
