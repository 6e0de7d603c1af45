/**
 * The change feed: writes say what they changed, once their transaction has committed, and each cache subscribes
 * to the changes that alter what it holds (docs/architecture.md#caches). A write never names a cache, so a new
 * write has one thing to remember: announce what it changed. A change announced here is also told to the other
 * instances (change-relay.ts), whose caches hear it as a change made elsewhere.
 *
 * What a change is not: a comment tree's version (`bumpDiscussionVersion`) is a number in the database, moved in
 * the transaction of the change itself; a read that finds another number rebuilds. It needs no message, so it is
 * not on this feed.
 */
export type Change =
  /**
   * Anything the public catalogue shows: the list, a certification's page, the paths. Certifications (submitted
   * approved, edited, approved or rejected), their votes, ratings, revisions and comment counts, flags that hide,
   * restore or remove an item, votes reversed, and members' common next steps shown or hidden.
   */
  | { kind: 'catalogue' }
  /** What the public sees of a member: their profile, shown or not (a suspension or its lift). */
  | { kind: 'member' }
  /**
   * A session may have ended: a sign-out, a password changed or reset, a refresh token replayed, an unproven
   * account's sessions dropped by a social sign-in. The sessions checked on each request are read again.
   */
  | { kind: 'session' };

export type ChangeKind = Change['kind'];

/** Every kind, for whoever must assume that anything may have changed (a message between instances missed). */
export const CHANGE_KINDS: readonly ChangeKind[] = ['catalogue', 'member', 'session'];

/** Where the change was made: by a write on this instance, or on another (told through Redis, or maybe missed). */
export type ChangeOrigin = 'here' | 'elsewhere';

export type ChangeHandler = (change: Change, origin: ChangeOrigin) => void;

/** What a write needs of the feed. */
export interface ChangeAnnouncer {
  /** Says that `change` happened; call it only after the change has committed. */
  announce(change: Change): void;
}

/** One per app instance: built with the services, subscribed to at wiring time. */
export class ChangeFeed implements ChangeAnnouncer {
  private readonly handlers = new Map<ChangeKind, ChangeHandler[]>();

  /**
   * A write on this instance changed something. Only after its commit: a cache dropped before the commit could be
   * filled again from the state before the change, and keep it.
   */
  announce(change: Change): void {
    this.deliver(change, 'here');
  }

  /** Another instance announced a change (or one may have been missed): its subscribers here hear it. */
  heard(change: Change): void {
    this.deliver(change, 'elsewhere');
  }

  subscribe(kind: ChangeKind, handler: ChangeHandler): void {
    const list = this.handlers.get(kind);
    if (list) list.push(handler);
    else this.handlers.set(kind, [handler]);
  }

  /** Every subscriber hears the change, even when one of them fails; the first failure is thrown afterwards. */
  private deliver(change: Change, origin: ChangeOrigin): void {
    let failure: { err: unknown } | undefined;
    for (const handler of this.handlers.get(change.kind) ?? []) {
      try {
        handler(change, origin);
      } catch (err) {
        failure ??= { err };
      }
    }
    if (failure) throw failure.err;
  }
}
