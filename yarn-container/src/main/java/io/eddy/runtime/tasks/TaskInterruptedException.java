package io.eddy.runtime.tasks;

/**
 * The task thread was interrupted inside a call that cannot throw {@link InterruptedException}
 * (an operator's output): the task is being cancelled. The thread's interrupt flag stays set.
 */
public final class TaskInterruptedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TaskInterruptedException(String message, InterruptedException cause) {
        super(message, cause);
    }
}
