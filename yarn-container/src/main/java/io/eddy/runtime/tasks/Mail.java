package io.eddy.runtime.tasks;

import io.eddy.runtime.operators.ThrowingRunnable;
import java.util.Objects;

/** An action queued for the task thread, with a description for errors and logs. */
final class Mail {

    private final ThrowingRunnable action;
    private final String description;

    Mail(ThrowingRunnable action, String description) {
        this.action = Objects.requireNonNull(action, "action");
        this.description = Objects.requireNonNull(description, "description");
    }

    /**
     * Runs the action. An unchecked exception passes unchanged; a checked one is wrapped in a
     * {@link MailFailedException} naming the mail.
     */
    void run() {
        try {
            action.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new MailFailedException("Mail '" + description + "' failed: " + e.getMessage(), e);
        }
    }

    String description() {
        return description;
    }

    @Override
    public String toString() {
        return "Mail(" + description + ")";
    }

    /** A mail's checked exception, wrapped so that it can pass through the mailbox loop. */
    static final class MailFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MailFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
