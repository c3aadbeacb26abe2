package io.eddy.runtime.operators;

/** An action that may throw, run on the task thread (mails, timer callbacks). */
@FunctionalInterface
public interface ThrowingRunnable {

    void run() throws Exception;
}
