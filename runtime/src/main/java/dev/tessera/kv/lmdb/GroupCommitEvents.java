package dev.tessera.kv.lmdb;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * The Java Flight Recorder events of a durable store's {@link GroupCommit}: where a durable
 * commit's time goes (waiting for its batch, writing it, waiting for the flush that makes it
 * durable), how many operations each write transaction carries, and what the explicit flushes cost.
 * Off unless a recording enables them by name (a settings file passed to {@code
 * -XX:StartFlightRecording=settings=...}, or {@code Recording.enable}): a flight recording with the
 * JDK's own settings leaves them out. Enabled, they cost a commit a few clock reads. Read them with
 * {@code jfr print --events dev.tessera.DurableCommit recording.jfr}.
 *
 * <p>Not instantiable; each event is built and committed by the thread it describes.
 */
final class GroupCommitEvents {
  private GroupCommitEvents() {}

  /** One durable commit, from its {@code commit()} call until its outcome is final. */
  @Name("dev.tessera.DurableCommit")
  @Label("Durable Commit")
  @Category({"Tessera", "Group Commit"})
  @Description("One commit of a durable store, from the call until its outcome is durable")
  @StackTrace(false)
  @Enabled(false)
  static final class Commit extends Event {
    @Label("Store")
    String store;

    @Label("Queued")
    @Description("From the call until the write transaction carrying it began")
    @Timespan(Timespan.NANOSECONDS)
    long queued;

    @Label("Writing")
    @Description("The write transaction carrying it, its commit (which flushes the data pages) "
        + "included")
    @Timespan(Timespan.NANOSECONDS)
    long writing;

    @Label("Awaiting Flush")
    @Description("From its write transaction's commit until a later flush made it durable")
    @Timespan(Timespan.NANOSECONDS)
    long awaitingFlush;

    @Label("Batch Operations")
    @Description("Operations written in the same write transaction")
    int batchOperations;
  }

  /** One write transaction of the group commit. */
  @Name("dev.tessera.GroupCommitBatch")
  @Label("Group Commit Batch")
  @Category({"Tessera", "Group Commit"})
  @Description("One write transaction carrying queued durable commits, each in a nested one")
  @StackTrace(false)
  @Enabled(false)
  static final class Batch extends Event {
    @Label("Store")
    String store;

    @Label("Operations")
    int operations;

    @Label("Latecomers")
    @Description("Operations queued while the transaction was being built, which joined it")
    int latecomers;

    @Label("Bytes")
    @Description("A rough size of what the operations write")
    @DataAmount
    long bytes;
  }

  /** One explicit flush (no later batch was coming to make the written ones durable). */
  @Name("dev.tessera.GroupCommitFlush")
  @Label("Group Commit Flush")
  @Category({"Tessera", "Group Commit"})
  @Description("An fdatasync of the store file outside the writer lock, making written batches "
      + "durable when no later batch's commit would")
  @StackTrace(false)
  @Enabled(false)
  static final class Flush extends Event {
    @Label("Store")
    String store;

    @Label("Operations")
    @Description("Operations it made durable")
    int operations;
  }
}
