package io.eddy.runtime.operators;

/**
 * An operator that can run inside a loop's body (docs/iterations.md): it computes superstep after
 * superstep without being redeployed. A task of an iteration group runs only operators that
 * implement it (the task refuses others when it starts, naming the operator).
 *
 * <p>Life cycle inside a loop:
 * <pre>
 *   setup -> open (superstep 1 starts) -> records -> endSuperstep
 *         -> startSuperstep(2) -> records -> endSuperstep -> ... -> close
 * </pre>
 * {@link #finish()} is not called inside a loop: what a superstep produced is emitted by {@link
 * #endSuperstep()}. A logical input whose gates end (an input from outside the loop, read in
 * superstep 1 and replayed by the task in later supersteps) gets {@code endInput} in each
 * superstep as usual.
 */
public interface SuperstepAware {

    /**
     * Every input delivered all records of the current superstep: emit what the superstep produced
     * (a reduce's groups, a join's unmatched records), then close the user function for the
     * superstep. Called head first through the chain, so emitted records reach the next operator
     * before its own end.
     */
    void endSuperstep() throws Exception;

    /**
     * Superstep {@code superstep} (from 2) starts: drop what the previous superstep buffered,
     * reopen the user function (it sees the new superstep and fresh broadcast variables), and be
     * ready for records. Called tail first through the chain, before the superstep's first record.
     */
    void startSuperstep(int superstep) throws Exception;

    /**
     * Asked before {@link #startSuperstep} of superstep <i>s</i> ≥ 2, once per logical input that
     * is fed only from outside the loop (a static input): whether the operator keeps what it built
     * from that input in superstep <i>s − 1</i> (a join's hash table) and needs none of its records
     * in superstep <i>s</i>. If so, the task does not replay the input in superstep <i>s</i>; the
     * operator still gets {@code endInput(input)}. An operator that answers true must keep what it
     * built through its {@code startSuperstep}. The default keeps nothing: the input is replayed.
     */
    default boolean retainStaticInput(int input) throws Exception {
        return false;
    }

    /**
     * Asked once per run of the loop, before its first superstep's records (possibly before {@code
     * open}), once per static input: whether the operator keeps that input's records itself, as
     * they arrive in the first superstep, for every later superstep. If so, the task does not cache
     * the input and never replays it: it counts as retained ({@link #retainStaticInput} is not
     * asked for it), and the operator gets {@code endInput(input)} in every superstep, in the
     * input's turn. The default keeps nothing.
     */
    default boolean keepsStaticInput(int input) throws Exception {
        return false;
    }
}
