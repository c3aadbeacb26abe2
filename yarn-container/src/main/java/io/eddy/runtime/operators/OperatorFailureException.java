package io.eddy.runtime.operators;

/**
 * An operator's user function (or the operator itself) failed. The message names the operator
 * with its subtask and the phase, e.g. {@code "Operator 'Map (2/4)' failed while processing a
 * record: <cause message>"}; the original exception is the cause.
 */
public final class OperatorFailureException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The phase in which an operator failed, as named in the message. */
    public enum Phase {
        OPEN("in open()"),
        PROCESSING("while processing a record"),
        RUN("while running its source function"),
        READ("while its reader read the source"),
        LANE_INPUT("while reading its lane input (a loop's feedback)"),
        TIMER("in a timer callback"),
        FINISH("while finishing its input"),
        CLOSE("in close()"),
        INITIALIZE_STATE("while initializing (restoring) its state"),
        SNAPSHOT("while taking its checkpoint snapshot"),
        CHECKPOINT_NOTIFICATION("in a checkpoint completion or abort notification"),
        END_SUPERSTEP("at the end of a superstep"),
        START_SUPERSTEP("while starting a superstep");

        private final String text;

        Phase(String text) {
            this.text = text;
        }
    }

    private final String operatorNameWithSubtask;

    private OperatorFailureException(String operatorNameWithSubtask, Phase phase, Throwable cause) {
        super("Operator '" + operatorNameWithSubtask + "' failed " + phase.text + ": " + describe(cause), cause);
        this.operatorNameWithSubtask = operatorNameWithSubtask;
    }

    /**
     * {@code failure} wrapped with the operator's name, or {@code failure} itself when it already
     * is an {@link OperatorFailureException} (raised by an operator further down the chain).
     */
    public static OperatorFailureException wrap(String operatorNameWithSubtask, Phase phase, Throwable failure) {
        if (failure instanceof OperatorFailureException alreadyWrapped) {
            return alreadyWrapped;
        }
        return new OperatorFailureException(operatorNameWithSubtask, phase, failure);
    }

    /** The failed operator's name with its subtask, e.g. {@code "Map (2/4)"}. */
    public String operatorNameWithSubtask() {
        return operatorNameWithSubtask;
    }

    private static String describe(Throwable cause) {
        String message = cause.getMessage();
        return message == null ? cause.getClass().getName() : message;
    }
}
