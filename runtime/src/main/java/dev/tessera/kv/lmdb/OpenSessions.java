package dev.tessera.kv.lmdb;

import java.util.ArrayList;
import java.util.List;

/**
 * The read sessions of snapshots and iterators open now, so that closing the store can end them
 * and a blocked map growth can name them. Every transaction that reads more than one key opens a
 * session, so registering one allocates nothing: each session carries its own links ({@link
 * Member}) in one of a few lists, chosen by the thread that opens it and each with its own lock,
 * so threads opening and closing sessions at once rarely wait for one another.
 *
 * <p>Thread-safe.
 */
final class OpenSessions {
  private static final int STRIPE_BITS = 3;

  private final Stripe[] stripes = new Stripe[1 << STRIPE_BITS];

  OpenSessions() {
    for (int i = 0; i < stripes.length; i++) {
      stripes[i] = new Stripe();
    }
  }

  /** One list of sessions; its monitor guards the links of its members. */
  private static final class Stripe {
    private Member first;
  }

  /**
   * What a session carries to be registered: its list (fixed when it is made, so any thread that
   * sees the session sees it) and its neighbours there.
   */
  abstract static class Member {
    private final Stripe stripe;
    private Member previous;
    private Member next;

    Member(OpenSessions registry) {
      this.stripe = registry.stripes[ThreadSlots.home(STRIPE_BITS)];
    }
  }

  /** Registers {@code session} (not registered yet). */
  void add(ReadSession session) {
    Member member = session;
    Stripe stripe = member.stripe;
    synchronized (stripe) {
      member.next = stripe.first;
      if (stripe.first != null) {
        stripe.first.previous = member;
      }
      stripe.first = member;
    }
  }

  /** Unregisters {@code session}; does nothing if it is not registered. */
  void remove(ReadSession session) {
    Member member = session;
    Stripe stripe = member.stripe;
    synchronized (stripe) {
      // Registered: first in its list or linked from a previous one (no flag: a session is
      // allocated per snapshot, and the links alone say it).
      if (member.previous == null && stripe.first != member) {
        return;
      }
      if (member.previous == null) {
        stripe.first = member.next;
      } else {
        member.previous.next = member.next;
      }
      if (member.next != null) {
        member.next.previous = member.previous;
      }
      member.previous = null;
      member.next = null;
    }
  }

  /**
   * The sessions registered now. A copy: the caller may end them (which unregisters them) while
   * it walks it, and no list lock is held while a session's own monitor is taken.
   */
  List<ReadSession> all() {
    List<ReadSession> all = new ArrayList<>();
    for (Stripe stripe : stripes) {
      synchronized (stripe) {
        for (Member member = stripe.first; member != null; member = member.next) {
          all.add((ReadSession) member);
        }
      }
    }
    return all;
  }
}
