package dev.tessera.testkit;

/**
 * Where a {@link SimulatedStorage} hands control to a scheduler: before every store call, so that
 * the scheduler chooses which client runs next, and after every event worth recording in a trace.
 * {@link #NONE} lets every caller run freely (real threads).
 */
public interface SchedulingPoints {
  /** Lets every thread run as it comes: no scheduling, nothing recorded. */
  SchedulingPoints NONE = new SchedulingPoints() {
    @Override
    public void reached(String call) {}

    @Override
    public void record(String event) {}

    @Override
    public void delay(long nanos) {}
  };

  /** The calling client is about to make {@code call}; the scheduler may run others first. */
  void reached(String call);

  /** Records {@code event} (an outcome, an injected fault) in the trace of the run. */
  void record(String event);

  /** Holds the calling client back for {@code nanos} of simulated time while others run. */
  void delay(long nanos);
}
